/**
 * The microphone: getUserMedia → AudioContext → the capture AudioWorklet, which hands back
 * 20 ms PCM s16le frames at the rate the session is told in its handshake.
 */
import { DEFAULT_SAMPLE_RATE, SAMPLE_RATES, type SessionSampleRate } from './protocol';
import { PCM_CAPTURE_PROCESSOR, type PcmFrame } from './pcm-format';
// Vite bundles the worklet (and what it imports) into a script of its own and gives its URL.
import workletUrl from './pcm-capture.worklet.ts?worker&url';

export interface MicrophoneHandlers {
  onFrame(frame: PcmFrame): void;
}

/** Why the microphone cannot be used, in one sentence for the people at the bedside. */
export class MicrophoneError extends Error {}

export class Microphone {
  private constructor(
    private readonly stream: MediaStream,
    private readonly context: AudioContext,
    private readonly node: AudioWorkletNode,
  ) {}

  /** The rate of the frames, to send as the handshake's `sample_rate`. */
  get sampleRate(): SessionSampleRate {
    // connectSource made the context at a rate the protocol takes, or refused the device.
    return this.context.sampleRate as SessionSampleRate;
  }

  static async open(handlers: MicrophoneHandlers): Promise<Microphone> {
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      throw new MicrophoneError(
        'The browser offers no microphone to this page: it must be opened over HTTPS (or on this computer as localhost).',
      );
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
        video: false,
      });
    } catch (error) {
      throw new MicrophoneError(describeMediaError(error));
    }
    try {
      const { context, source } = await connectSource(stream);
      await context.audioWorklet.addModule(workletUrl);
      const node = new AudioWorkletNode(context, PCM_CAPTURE_PROCESSOR, {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        channelCount: 1,
        channelCountMode: 'explicit',
        channelInterpretation: 'speakers',
      });
      node.port.onmessage = (event: MessageEvent<PcmFrame>) => handlers.onFrame(event.data);
      source.connect(node);
      // A silent path to the output keeps the node pulled by the rendering graph in every browser.
      const mute = new GainNode(context, { gain: 0 });
      node.connect(mute).connect(context.destination);
      if (context.state !== 'running') await context.resume();
      return new Microphone(stream, context, node);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error instanceof MicrophoneError
        ? error
        : new MicrophoneError(`The microphone could not be started (${String(error)}).`);
    }
  }

  /** What the browser applies to the microphone's track (echoCancellation among them). */
  get settings(): MediaTrackSettings | undefined {
    return this.stream.getAudioTracks()[0]?.getSettings();
  }

  /** Releases the microphone (the browser's recording indicator goes off). */
  async close(): Promise<void> {
    this.node.port.onmessage = null;
    this.node.disconnect();
    for (const track of this.stream.getTracks()) track.stop();
    await this.context.close().catch(() => undefined);
  }
}

/**
 * The AudioContext is created at the session's rate, 16 kHz, so that the browser's own
 * resampler converts the microphone's audio (usually 44.1 or 48 kHz) to it: the frames need no
 * resampling of ours. Firefox refuses to connect a microphone to a context of another rate
 * (NotSupportedError, Mozilla bug 1725336): the context then runs at the device's rate, which is
 * sent as `sample_rate` when the protocol accepts it, and the service resamples.
 */
async function connectSource(
  stream: MediaStream,
): Promise<{ context: AudioContext; source: MediaStreamAudioSourceNode }> {
  let context: AudioContext | undefined;
  try {
    context = new AudioContext({ sampleRate: DEFAULT_SAMPLE_RATE, latencyHint: 'interactive' });
    return { context, source: context.createMediaStreamSource(stream) };
  } catch {
    await context?.close().catch(() => undefined);
  }
  context = new AudioContext({ latencyHint: 'interactive' });
  if (!(SAMPLE_RATES as readonly number[]).includes(context.sampleRate)) {
    const rate = context.sampleRate;
    await context.close().catch(() => undefined);
    throw new MicrophoneError(
      `The audio device runs at ${rate} Hz, a rate the service does not take (${SAMPLE_RATES.join(', ')} Hz).`,
    );
  }
  return { context, source: context.createMediaStreamSource(stream) };
}

function describeMediaError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The microphone is not allowed for this page. Allow it in the browser (the icon in the address bar), then start again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found. Connect one, then start again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone is in use by another application or could not be opened.';
    default:
      return `The microphone could not be opened (${String(error)}).`;
  }
}

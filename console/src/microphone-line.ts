/**
 * The microphone as the conversation uses it: opened with the session, switched on and off by
 * the clinician, and each frame passed through talk-over.ts, which decides what is sent while
 * the tablet speaks (echo cancelled or not) and when a person's speech stops the tablet
 * (barge-in), so that nobody has to wait for the device.
 */
import { controls } from './conversation-controls';
import { Microphone } from './microphone';
import type { PcmFrame } from './pcm-format';
import { DEFAULT_SAMPLE_RATE, type SessionSampleRate } from './protocol';
import type { SpeechNotice } from './speech-notice';
import type { SpeechPlayer } from './speech-player';
import type { MicState } from './status-bar';
import { TalkOver, cancelsEcho } from './talk-over';

/** Silence sent when the microphone is switched off, to end a sentence being spoken (> 640 ms). */
const TRAILING_SILENCE_MS = 800;
/** How long "the tablet stopped speaking" and "some words were not heard" stay shown. */
export const SPEECH_NOTICE_MS = 8000;

export interface MicrophoneLineDeps {
  player: SpeechPlayer;
  /** Where the microphone's level is shown. */
  status: { showLevel(peak: number): void };
  speechNotice: SpeechNotice;
  /** Frames are sent only while the session is live. */
  isLive(): boolean;
  /** The tablet is speaking. */
  isPlaying(): boolean;
  sendAudio(pcm: ArrayBuffer): void;
}

export class MicrophoneLine {
  private microphone?: Microphone;
  /** What the microphone sends while the tablet speaks (echo cancelled or not), barge-in. */
  private talkOver?: TalkOver;
  sampleRate: SessionSampleRate = DEFAULT_SAMPLE_RATE;
  state: MicState = 'starting';

  constructor(private readonly deps: MicrophoneLineDeps) {}

  /** Opens the microphone; resolves to why it could not (the page can still be typed into). */
  async open(): Promise<string | undefined> {
    try {
      this.microphone = await Microphone.open({ onFrame: (frame) => this.onFrame(frame) });
      this.sampleRate = this.microphone.sampleRate;
      this.talkOver = new TalkOver(cancelsEcho(this.microphone.settings));
      controls.list.dataset.echoCancellation = String(this.talkOver.echoCancelled);
      return undefined;
    } catch (error) {
      this.state = 'unavailable';
      return error instanceof Error ? error.message : String(error);
    }
  }

  get isOpen(): boolean {
    return this.microphone !== undefined;
  }

  /** No audio any more (end, loss, disposal): the microphone is released. */
  close(): Promise<void> {
    const microphone = this.microphone;
    this.microphone = undefined;
    return microphone?.close() ?? Promise.resolve();
  }

  /** Off for good (the session ends): nobody is heard any more, the tablet need not wait. */
  stop(): void {
    void this.close();
    this.state = 'off';
    this.deps.player.hold(false);
  }

  /** On or off (the button, or Space). */
  toggle(): void {
    this.state = this.state === 'on' ? 'off' : 'on';
    if (this.state === 'off') {
      // What was being said becomes a sentence now rather than at the next words.
      this.deps.sendAudio(silence(this.sampleRate, TRAILING_SILENCE_MS));
      this.talkOver?.sent(TRAILING_SILENCE_MS);
      // Nobody is heard any more: the tablet need not wait.
      this.talkOver?.reset();
      this.deps.player.hold(false);
    }
  }

  /** Without echo cancellation the microphone is not sent while the tablet speaks. */
  waitsForTablet(playing: boolean): boolean {
    return playing && this.state === 'on' && this.talkOver?.echoCancelled === false;
  }

  /** A sentence cut by the silence sent while the tablet spoke (talk-over.ts). */
  isFragment(startMs: number | null, endMs: number | null): boolean {
    return this.talkOver?.isFragment(startMs, endMs) ?? false;
  }

  private onFrame(frame: PcmFrame): void {
    if (!this.deps.isLive() || this.state !== 'on' || !this.talkOver) return;
    const durationMs = (frame.pcm.byteLength / 2 / this.sampleRate) * 1000;
    const outcome = this.talkOver.frame(frame.pcm, durationMs, this.deps.isPlaying());
    this.deps.status.showLevel(outcome.send === frame.pcm ? frame.peak : 0);
    // Someone speaks over the tablet: it stops, so that nobody waits for the device.
    if (outcome.bargeIn && this.deps.player.interrupt()) {
      this.deps.speechNotice.show('speech.stopped', SPEECH_NOTICE_MS);
    }
    this.deps.player.hold(outcome.holdPlayback);
    this.deps.sendAudio(outcome.send);
  }
}

/** PCM s16le silence of that duration. */
function silence(sampleRate: number, ms: number): ArrayBuffer {
  return new ArrayBuffer(Math.round((sampleRate * ms) / 1000) * 2);
}

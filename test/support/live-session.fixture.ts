/**
 * A real Session on the fake engines, with the real segmenter (on loud and quiet audio) and a
 * fake live recognition: for the specs of sentences recognized while spoken
 * (src/orchestrator/session/session-live*.spec.ts).
 */
import { SentenceSegmenter } from '../../src/audio/vad/sentence-segmenter.js';
import type { FrameClassifier } from '../../src/audio/vad/vad-stream.js';
import type { LiveRecognition, Transcript } from '../../src/transcription/transcription.service.js';
import { fakes, openTestSession, RecordingTransport } from './session.fixture.js';

/** Probability = mean absolute sample value of the frame: loud audio is speech. */
class MagnitudeClassifier implements FrameClassifier {
  async process(frame: Float32Array): Promise<number> {
    return frame.reduce((sum, v) => sum + Math.abs(v), 0) / frame.length;
  }
  reset(): void {}
}

/** PCM s16le of [durationMs, magnitude] pieces at 16 kHz. */
export function pcm(pieces: [number, number][]): Uint8Array {
  const total = pieces.reduce((n, [ms]) => n + ms * 16, 0);
  const samples = new Int16Array(total);
  let at = 0;
  for (const [ms, magnitude] of pieces) {
    for (let i = 0; i < ms * 16; i++, at++) samples[at] = (at % 2 ? -1 : 1) * magnitude * 32767;
  }
  return new Uint8Array(samples.buffer);
}

export const TRANSCRIPT: Transcript = {
  text: 'the patient has a fever',
  locale: 'en-US',
  languageDecided: true,
  confidence: 0.9,
  lowConfidence: false,
};

/** A live recognition: a partial per push (one more word each), then `result` at finish. */
export class FakeLive implements LiveRecognition {
  pushed = 0;
  finished = 0;
  cancelled = 0;
  atPauses = 0;
  /** At each pause: how many samples it had been pushed. */
  readonly pauses: number[] = [];
  finishedWith?: Float32Array;
  result: () => Promise<Transcript> = async () => TRANSCRIPT;
  constructor(private readonly onPartial: (text: string) => void) {}
  push(samples: Float32Array): void {
    this.pushed += samples.length;
    this.onPartial(TRANSCRIPT.text.split(' ').slice(0, 2).join(' '));
  }
  pause(): void {
    this.pauses.push(this.pushed);
  }
  finish(samples: Float32Array): Promise<Transcript> {
    this.finishedWith = samples;
    this.finished++;
    return this.result();
  }
  atPause(): Promise<Transcript | undefined> {
    this.atPauses++;
    return this.result();
  }
  cancel(): void {
    this.cancelled++;
  }
}

/** The session, its live recognitions (in order), and what a test does with them. */
export function liveSession(limits: { workAtPause?: boolean; semanticEndOfTurn?: boolean } = {}) {
  const engines = fakes();
  const transport = new RecordingTransport();
  const streams: FakeLive[] = [];
  engines.state.live = (onPartial) => {
    const stream = new FakeLive(onPartial);
    streams.push(stream);
    return stream;
  };
  const segmenter = new SentenceSegmenter(new MagnitudeClassifier(), {
    threshold: 0.5,
    silenceFrames: 20,
    prerollMs: 192,
    maxSentenceMs: 15_000,
  });
  const session = openTestSession(engines, transport, segmenter, { limits });
  /** Sends audio in 20 ms frames. */
  const send = (bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length; at += 640)
      session.handleAudio(bytes.subarray(at, at + 640));
  };
  const exit = async () => {
    session.handleText(JSON.stringify({ type: 'conversation_exit', archive: false }));
    await session.closed;
  };
  const types = (id: string) =>
    transport.sent.filter((m) => 'sentence_id' in m && m.sentence_id === id).map((m) => m.type);
  return { session, transport, streams, send, exit, types, ...engines };
}

/** What a spoken sentence gets, in order (interface §4.2, branch C off). */
export const SPOKEN_SENTENCE_MESSAGES = [
  'asr_partial',
  'asr_result',
  'translation_result',
  'tts_audio',
  'reformulation_result',
  'tts_audio',
];

/** One sentence: 500 ms of silence, 1.5 s of speech, 1 s of silence (it ends after 640 ms). */
export const SENTENCE = pcm([
  [500, 0],
  [1500, 0.9],
  [1000, 0],
]);

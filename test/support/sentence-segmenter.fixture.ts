/**
 * A SentenceSegmenter on a stand-in for Silero, and audio made to measure, shared by the
 * segmenter's specs (src/audio/vad/sentence-segmenter*.spec.ts).
 */
import { expect } from '@jest/globals';
import type { SentenceSegmenterOptions } from '../../src/audio/vad/segmenter-settings.js';
import type { Sentence } from '../../src/audio/vad/sentence.js';
import { SentenceSegmenter } from '../../src/audio/vad/sentence-segmenter.js';
import { type FrameClassifier, VAD_FRAME_SAMPLES } from '../../src/audio/vad/vad-stream.js';

/** Samples per millisecond (16 kHz). */
export const RATE = 16;

/**
 * A stand-in for Silero that depends only on the frame: its probability is the mean absolute
 * sample value, so a signal of constant magnitude a scores a.
 */
export class MagnitudeClassifier implements FrameClassifier {
  frames = 0;
  resets = 0;
  async process(frame: Float32Array): Promise<number> {
    if (frame.length !== VAD_FRAME_SAMPLES) throw new RangeError('not a frame');
    this.frames++;
    await Promise.resolve();
    return frame.reduce((sum, v) => sum + Math.abs(v), 0) / frame.length;
  }
  reset(): void {
    this.resets++;
  }
}

/** Audio made of [durationMs, magnitude] pieces; the sign alternates so each sample is unique-ish. */
export function signal(pieces: [number, number][]): Float32Array {
  const total = pieces.reduce((sum, [ms]) => sum + ms * RATE, 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const [ms, magnitude] of pieces) {
    for (let i = 0; i < ms * RATE; i++, at++) out[at] = (at % 2 ? -1 : 1) * magnitude;
  }
  return out;
}

export const OPTIONS: SentenceSegmenterOptions = {
  threshold: 0.5,
  silenceFrames: 20,
  prerollMs: 192,
  maxSentenceMs: 15_000,
  minSpeechFrames: 3,
};

export function segmenter(options: Partial<SentenceSegmenterOptions> = {}) {
  const classifier = new MagnitudeClassifier();
  return { classifier, segmenter: new SentenceSegmenter(classifier, { ...OPTIONS, ...options }) };
}

/** The sentences of `audio` pushed in chunks of `chunkSizes` (in turn), then flushed. */
export async function run(
  audio: Float32Array,
  chunkSizes: number[] = [audio.length],
  options: Partial<SentenceSegmenterOptions> = {},
): Promise<Sentence[]> {
  const { segmenter: s } = segmenter(options);
  const sentences: Sentence[] = [];
  for (let at = 0, i = 0; at < audio.length; i++) {
    const size = chunkSizes[i % chunkSizes.length];
    sentences.push(...(await s.push(audio.subarray(at, at + size))));
    at += size;
  }
  sentences.push(...(await s.flush()));
  return sentences;
}

/** Exact sample equality, without a deep comparison of half a million numbers. */
export function expectSameSamples(actual: Float32Array, expected: Float32Array): void {
  expect(actual.length).toBe(expected.length);
  const bytes = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  expect(bytes(actual).equals(bytes(expected))).toBe(true);
}

export const timing = (s: Sentence) => [s.startMs, s.speechStartMs, s.speechEndMs, s.endMs, s.end];

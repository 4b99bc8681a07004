import { describe, expect, it } from '@jest/globals';
import {
  MagnitudeClassifier,
  OPTIONS,
  RATE,
  expectSameSamples,
  run,
  segmenter,
  signal,
  timing,
} from '../../../test/support/sentence-segmenter.fixture.js';
import type { Sentence } from './sentence.js';
import { SentenceSegmenter } from './sentence-segmenter.js';
import { VAD_FRAME_SAMPLES } from './vad-stream.js';

/**
 * The segmenter on audio as it comes: sentences from speech and silence, whatever the chunks;
 * ending one on demand (cut, flush) is in sentence-segmenter-cut-flush.spec.ts.
 */
describe('SentenceSegmenter', () => {
  it('finds nothing in silence, nor in quiet noise below the threshold', async () => {
    expect(await run(new Float32Array(16_000 * 30))).toEqual([]);
    expect(await run(signal([[30_000, 0.3]]))).toEqual([]);
  });

  it('emits a sentence with pre-roll, speech and a 100 ms tail after 20 silent frames', async () => {
    // Frame-aligned: speech from 1024 ms (frame 32) to 2048 ms (frame 64).
    const audio = signal([
      [1024, 0],
      [1024, 0.9],
      [2048, 0],
    ]);
    const { segmenter: s } = segmenter();
    const emittedAt: number[] = [];
    const sentences: Sentence[] = [];
    for (let at = 0; at < audio.length; at += VAD_FRAME_SAMPLES) {
      const out = await s.push(audio.subarray(at, at + VAD_FRAME_SAMPLES));
      if (out.length) emittedAt.push((at + VAD_FRAME_SAMPLES) / RATE);
      sentences.push(...out);
    }
    expect(await s.flush()).toEqual([]);
    expect(sentences.map(timing)).toEqual([[832, 1024, 2048, 2148, 'silence']]);
    // Declared at the end of the 20th silent frame: 2048 + 20 × 32 ms.
    expect(emittedAt).toEqual([2048 + 640]);
    expectSameSamples(sentences[0].samples, audio.subarray(832 * RATE, 2148 * RATE));
  });

  it('gives the same sentences whatever the chunk sizes', async () => {
    // Unaligned boundaries, two sentences, a blip, a hysteresis dip and a max-length split.
    const audio = signal([
      [777, 0.01],
      [1_333, 0.8],
      [321, 0.4],
      [555, 0.9],
      [900, 0.05],
      [50, 0.9],
      [1_111, 0],
      [20_017, 0.7],
      [700, 0],
      [2_345, 0.6],
      [123, 0],
    ]);
    const reference = await run(audio);
    expect(reference.map((s) => s.end)).toEqual(['silence', 'max-length', 'silence', 'flush']);
    for (const sizes of [[1], [100], [511], [513], [4000], [1, 100, 511, 513, 4000], [3, 7919]]) {
      const sentences = await run(audio, sizes);
      expect(sentences.map(timing)).toEqual(reference.map(timing));
      sentences.forEach((s, i) => expectSameSamples(s.samples, reference[i].samples));
    }
  }, 30_000);

  it('ignores blips shorter than minSpeechFrames', async () => {
    const blip = (ms: number) =>
      signal([
        [1024, 0],
        [ms, 0.9],
        [2048, 0],
      ]);
    expect(await run(blip(64))).toEqual([]);
    const [sentence] = await run(blip(96));
    expect(timing(sentence)).toEqual([832, 1024, 1120, 1220, 'silence']);
  });

  it('applies hysteresis: 0.4 continues speech but does not start it', async () => {
    expect(
      await run(
        signal([
          [1024, 0],
          [3200, 0.4],
          [1024, 0],
        ]),
      ),
    ).toEqual([]);
    const sentences = await run(
      signal([
        [1024, 0],
        [512, 0.9],
        [1024, 0.4],
        [512, 0.9],
        [1024, 0],
      ]),
    );
    expect(sentences.map(timing)).toEqual([[832, 1024, 3072, 3172, 'silence']]);
    // Once below 0.35, 0.4 is silence again: the sentence ends 20 frames after the drop.
    const afterDrop = await run(
      signal([
        [1024, 0],
        [512, 0.9],
        [32, 0.1],
        [1024, 0.4],
        [1024, 0],
      ]),
    );
    expect(afterDrop.map(timing)).toEqual([[832, 1024, 1536, 1636, 'silence']]);
  });

  it('does not end a sentence on a pause shorter than 20 frames', async () => {
    const sentences = await run(
      signal([
        [1024, 0],
        [512, 0.9],
        [608, 0], // 19 frames
        [512, 0.9],
        [1024, 0],
      ]),
    );
    expect(sentences.map(timing)).toEqual([[832, 1024, 2656, 2756, 'silence']]);
  });

  it('splits a sentence at maxSentenceMs and continues it', async () => {
    const audio = signal([
      [1024, 0],
      [40_000, 0.9],
      [1024, 0],
    ]);
    const sentences = await run(audio);
    expect(sentences.map((s) => s.end)).toEqual(['max-length', 'max-length', 'silence']);
    for (const s of sentences) expect(s.endMs - s.startMs).toBeLessThanOrEqual(15_000);
    // Contiguous: together they are exactly the audio from the pre-roll to the tail.
    expect(sentences[1].startMs).toBe(sentences[0].endMs);
    expect(sentences[1].speechStartMs).toBe(sentences[1].startMs);
    expect(sentences[2].startMs).toBe(sentences[1].endMs);
    expect(sentences[0].startMs).toBe(832);
    expect(sentences[2].speechEndMs).toBe(41_024);
    expect(sentences[2].endMs).toBe(41_124);
    const joined = new Float32Array(sentences.reduce((n, s) => n + s.samples.length, 0));
    let at = 0;
    for (const s of sentences) {
      joined.set(s.samples, at);
      at += s.samples.length;
    }
    expectSameSamples(joined, audio.subarray(832 * RATE, 41_124 * RATE));
  });

  it('ends a sentence that reaches the maximum during a pause there, as on silence', async () => {
    const sentences = await run(
      signal([
        [0, 0],
        [4_800, 0.9],
        [320, 0],
        [2_048, 0.9],
        [2_000, 0],
      ]),
      undefined,
      { maxSentenceMs: 5_000, prerollMs: 0 },
    );
    expect(sentences.map(timing)).toEqual([
      [0, 0, 4_800, 4_900, 'max-length'],
      [5_120, 5_120, 7_168, 7_268, 'silence'],
    ]);
  });

  it('does not reach back into the previous sentence for the pre-roll', async () => {
    // With 20 silent frames and a 100 ms tail, a pre-roll up to 540 ms cannot overlap; 1000 ms can.
    const audio = signal([
      [1024, 0],
      [512, 0.9],
      [672, 0], // 21 frames: the first sentence ends, the next starts one frame later
      [512, 0.9],
      [1024, 0],
    ]);
    expect((await run(audio)).map(timing)).toEqual([
      [832, 1024, 1536, 1636, 'silence'],
      [2016, 2208, 2720, 2820, 'silence'],
    ]);
    expect((await run(audio, undefined, { prerollMs: 1000 })).map(timing)).toEqual([
      [24, 1024, 1536, 1636, 'silence'],
      [1636, 2208, 2720, 2820, 'silence'],
    ]);
  });

  it('accepts pushes without awaiting and keeps them in order', async () => {
    const audio = signal([
      [1000, 0],
      [2000, 0.9],
      [1000, 0],
      [1500, 0.8],
      [900, 0],
    ]);
    const { segmenter: s } = segmenter();
    const pending: Promise<Sentence[]>[] = [];
    for (let at = 0; at < audio.length; at += 700)
      pending.push(s.push(audio.subarray(at, at + 700)));
    pending.push(s.flush());
    const sentences = (await Promise.all(pending)).flat();
    expect(sentences.map(timing)).toEqual((await run(audio)).map(timing));
  });

  it('keeps memory bounded in long silence and long speech', async () => {
    const { segmenter: s } = segmenter({ maxSentenceMs: 5_000 });
    const kept = () => (s as unknown as { kept: { frames: Float32Array[] } }).kept.frames.length;
    let most = 0;
    const second = signal([[1000, 0]]);
    for (let i = 0; i < 120; i++) {
      await s.push(second);
      most = Math.max(most, kept());
    }
    expect(most).toBeLessThanOrEqual(Math.ceil(192 / 32) + 1);
    const speech = signal([[1000, 0.9]]);
    for (let i = 0; i < 60; i++) {
      await s.push(speech);
      most = Math.max(most, kept());
    }
    expect(most).toBeLessThanOrEqual(Math.ceil(5_000 / 32) + 1);
  });

  it('validates its options and input', async () => {
    const classifier = new MagnitudeClassifier();
    expect(() => new SentenceSegmenter(classifier, { ...OPTIONS, threshold: 1 })).toThrow(
      RangeError,
    );
    expect(() => new SentenceSegmenter(classifier, { ...OPTIONS, silenceFrames: 0 })).toThrow(
      RangeError,
    );
    expect(() => new SentenceSegmenter(classifier, { ...OPTIONS, maxSentenceMs: 100 })).toThrow(
      RangeError,
    );
    const s = new SentenceSegmenter(classifier, OPTIONS);
    await expect(s.push([1, 2] as unknown as Float32Array)).rejects.toThrow(TypeError);
    expect(await s.push(new Float32Array(0))).toEqual([]);
  });

  it('uses threshold − 0.15 to continue speech, never below half the threshold', () => {
    const classifier = new MagnitudeClassifier();
    expect(new SentenceSegmenter(classifier, OPTIONS).continueThreshold).toBeCloseTo(0.35);
    expect(
      new SentenceSegmenter(classifier, { ...OPTIONS, threshold: 0.2 }).continueThreshold,
    ).toBeCloseTo(0.1);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { SentenceSegmenterOptions } from './segmenter-settings.js';
import type { Sentence } from './sentence.js';
import { SentenceSegmenter } from './sentence-segmenter.js';
import { type FrameClassifier, VAD_FRAME_SAMPLES } from './vad-stream.js';

const RATE = 16;

/**
 * A stand-in for Silero that depends only on the frame: its probability is the mean absolute
 * sample value, so a signal of constant magnitude a scores a.
 */
class MagnitudeClassifier implements FrameClassifier {
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
function signal(pieces: [number, number][]): Float32Array {
  const total = pieces.reduce((sum, [ms]) => sum + ms * RATE, 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const [ms, magnitude] of pieces) {
    for (let i = 0; i < ms * RATE; i++, at++) out[at] = (at % 2 ? -1 : 1) * magnitude;
  }
  return out;
}

const OPTIONS: SentenceSegmenterOptions = {
  threshold: 0.5,
  silenceFrames: 20,
  prerollMs: 192,
  maxSentenceMs: 15_000,
  minSpeechFrames: 3,
};

function segmenter(options: Partial<SentenceSegmenterOptions> = {}) {
  const classifier = new MagnitudeClassifier();
  return { classifier, segmenter: new SentenceSegmenter(classifier, { ...OPTIONS, ...options }) };
}

async function run(
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
function expectSameSamples(actual: Float32Array, expected: Float32Array): void {
  expect(actual.length).toBe(expected.length);
  const bytes = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  expect(bytes(actual).equals(bytes(expected))).toBe(true);
}

const timing = (s: Sentence) => [s.startMs, s.speechStartMs, s.speechEndMs, s.endMs, s.end];

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

  it('flush emits speech without trailing silence, partial frame included, then starts over', async () => {
    const { classifier, segmenter: s } = segmenter();
    expect(
      await s.push(
        signal([
          [1024, 0],
          [1000, 0.9],
        ]),
      ),
    ).toEqual([]);
    const [sentence] = await s.flush();
    expect(timing(sentence)).toEqual([832, 1024, 2024, 2024, 'flush']);
    expect(sentence.samples).toHaveLength((2024 - 832) * RATE);
    expect(classifier.resets).toBe(1);
    expect(await s.flush()).toEqual([]);
    // A new stream: times from 0 again.
    expect(
      await s.push(
        signal([
          [320, 0],
          [640, 0.9],
          [300, 0],
        ]),
      ),
    ).toEqual([]);
    const [next] = await s.flush();
    expect(timing(next)).toEqual([128, 320, 960, 1060, 'flush']);
  });

  it('cut ends a sentence in its closing silence at once, as the silence would have', async () => {
    const { classifier, segmenter: s } = segmenter();
    const audio = signal([
      [1024, 0],
      [1024, 0.9],
      [320, 0], // 10 silent frames of the 20 that would end it
    ]);
    expect(await s.push(audio)).toEqual([]);
    const [sentence] = await s.cut();
    expect(timing(sentence)).toEqual([832, 1024, 2048, 2148, 'cut']);
    expectSameSamples(sentence.samples, audio.subarray(832 * RATE, 2148 * RATE));
    expect(await s.cut()).toEqual([]);
    // The stream goes on: positions continue, the pre-roll does not reach back into s1.
    expect(
      await s.push(
        signal([
          [640, 0],
          [640, 0.9],
          [1000, 0],
        ]),
      ),
    ).toHaveLength(1);
    expect(classifier.resets).toBe(0);
    expect((await s.flush()).length).toBe(0);
  });

  it('cut splits mid-speech at the last whole frame; the speech goes on contiguous', async () => {
    const { segmenter: s } = segmenter();
    const audio = signal([
      [1024, 0],
      [2048, 0.9],
      [1024, 0],
    ]);
    const split = 2048 * RATE;
    expect(await s.push(audio.subarray(0, split + 100))).toEqual([]); // 100 samples: no frame
    const [first] = await s.cut();
    expect(timing(first)).toEqual([832, 1024, 2048, 2048, 'cut']);
    expect(await s.cut()).toEqual([]); // nothing new since
    const [rest] = await s.push(audio.subarray(split + 100));
    expect(timing(rest)).toEqual([2048, 2048, 3072, 3172, 'silence']);
    const joined = new Float32Array(first.samples.length + rest.samples.length);
    joined.set(first.samples);
    joined.set(rest.samples, first.samples.length);
    expectSameSamples(joined, audio.subarray(832 * RATE, 3172 * RATE));
  });

  it('cut leaves silence and an unconfirmed onset alone, and no pause becomes a sentence', async () => {
    const { segmenter: s } = segmenter();
    expect(await s.cut()).toEqual([]);
    expect(await s.push(signal([[1024, 0]]))).toEqual([]);
    expect(await s.cut()).toEqual([]);
    expect(await s.push(signal([[64, 0.9]]))).toEqual([]); // 2 frames: no onset yet
    expect(await s.cut()).toEqual([]);
    // Cut at the very end of the speech: what follows is its pause, not a sentence.
    expect(await s.push(signal([[960, 0.9]]))).toEqual([]);
    expect(await s.cut()).toHaveLength(1);
    expect(await s.push(signal([[2000, 0]]))).toEqual([]);
    expect(await s.cut()).toEqual([]);
    expect(await s.flush()).toEqual([]);
  });

  it('flush drops an unconfirmed onset', async () => {
    const { segmenter: s } = segmenter();
    await s.push(
      signal([
        [1024, 0],
        [64, 0.9],
      ]),
    );
    expect(await s.flush()).toEqual([]);
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

import { describe, expect, it } from '@jest/globals';
import {
  RATE,
  expectSameSamples,
  segmenter,
  signal,
  timing,
} from '../../../test/support/sentence-segmenter.fixture.js';

/** Ending a sentence on demand: cut (a turn ends, the stream goes on) and flush (it ends). */
describe('SentenceSegmenter', () => {
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
});

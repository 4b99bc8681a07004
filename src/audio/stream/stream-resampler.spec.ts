import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Resampler } from '../resampler.js';
import { StreamResampler, type StatelessResampler } from './stream-resampler.js';
import { concat, firstDifference, random } from '../../../test/support/sample-stream.fixture.js';

/** Speech-like test signal: tones, a 300 Hz → 6.3 kHz chirp, a tone above 8 kHz and noise. */
function signal(rate: number, length: number, seed = 1): Float32Array {
  const next = random(seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    out[i] =
      0.3 * Math.sin(2 * Math.PI * 220 * t) +
      0.15 * Math.sin(2 * Math.PI * 1870 * t + 1) +
      0.2 * Math.sin(2 * Math.PI * (300 + 2000 * t) * t) +
      (rate > 16000 ? 0.1 * Math.sin(2 * Math.PI * 9100 * t) : 0) +
      0.05 * (2 * next() - 1);
  }
  return out;
}

/** Cuts `samples` into chunks of 1..maxChunk samples (views, not copies). */
function chunks(samples: Float32Array, maxChunk: number, seed: number): Float32Array[] {
  const next = random(seed);
  const out: Float32Array[] = [];
  for (let at = 0; at < samples.length;) {
    const length = 1 + Math.floor(next() * maxChunk);
    out.push(samples.subarray(at, at + length));
    at += length;
  }
  return out;
}

function maxAbsDifference(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Everything pushed without awaiting, then flushed: the stream's whole output. */
async function stream(resampler: StreamResampler, parts: Float32Array[]): Promise<Float32Array> {
  const results = parts.map((part) => resampler.push(part));
  results.push(resampler.flush());
  return concat(await Promise.all(results));
}

/**
 * A stand-in for libsamplerate that samples its window at each output instant (no filter):
 * output j of a call is window[floor(j × from / 16000)]. Fed with x[i] = i, the stream's output
 * tells which input sample each output came from. Records each call's window.
 */
class PointSampler implements StatelessResampler {
  readonly windows: Float32Array[] = [];
  async resample(samples: Float32Array, fromRate: number, toRate: number) {
    this.windows.push(samples);
    const out = new Float32Array(Math.ceil((samples.length * toRate) / fromRate));
    for (let j = 0; j < out.length; j++) out[j] = samples[Math.floor((j * fromRate) / toRate)];
    return out;
  }
}

const ramp = (length: number) => Float32Array.from({ length }, (_, i) => i);

describe('StreamResampler', () => {
  let resampler: Resampler;
  beforeAll(() => {
    resampler = new Resampler();
  });
  afterAll(() => resampler.dispose());

  it.each([48000, 44100, 32000, 24000, 22050, 8000])(
    'at %i Hz gives what one call over the whole signal gives, for any chunking',
    async (rate) => {
      const input = signal(rate, Math.round(rate * 1.2) + 7, rate);
      const whole = await resampler.resample(input, rate, 16000);
      const out = await stream(new StreamResampler(rate, resampler), chunks(input, 2000, rate + 1));
      expect(out.length).toBe(Math.ceil((input.length * 16000) / rate));
      expect(out.length).toBe(whole.length);
      // The windows cover the filter's whole support: measured bit for bit the same output.
      expect(maxAbsDifference(out, whole)).toBeLessThan(1e-6);
    },
  );

  it('stays exact with one block per call and one-sample pushes', async () => {
    const input = signal(44100, 6000, 2);
    const whole = await resampler.resample(input, 44100, 16000);
    const tiny = new StreamResampler(44100, resampler, { minBatchMs: 0 });
    const out = await stream(tiny, chunks(input, 1, 3));
    expect(maxAbsDifference(out, whole)).toBeLessThan(1e-6);
    expect(out.length).toBe(whole.length);
  });

  it('matches one call for a signal shorter than the look-ahead', async () => {
    const input = signal(48000, 50, 4);
    const whole = await resampler.resample(input, 48000, 16000);
    const out = await stream(new StreamResampler(48000, resampler), chunks(input, 7, 5));
    expect(out).toEqual(whole);
  });

  it('emits ceil(total × 16000 / from) samples in all, whatever the total', async () => {
    const sampler = new PointSampler();
    for (const rate of [48000, 44100, 22050, 8000]) {
      for (const total of [1, 2, 3, 440, 441, 442, 3223, 3700, 9999]) {
        const out = await stream(new StreamResampler(rate, sampler), chunks(ramp(total), 900, 6));
        expect(out.length).toBe(Math.ceil((total * 16000) / rate));
      }
    }
  });

  it('takes each output sample from the input instant a whole-signal call uses', async () => {
    for (const rate of [48000, 44100, 22050, 8000]) {
      const sampler = new PointSampler();
      const input = ramp(rate); // 1 s: sample values are their indices
      const out = await stream(new StreamResampler(rate, sampler), chunks(input, 1500, 7));
      expect(firstDifference(out, await sampler.resample(input, rate, 16000))).toBe(-1);
      expect(sampler.windows.length).toBeGreaterThan(5);
    }
  });

  it('starts every window on the 16 kHz grid, with the context and look-ahead around a batch', async () => {
    const sampler = new PointSampler();
    const stream44 = new StreamResampler(44100, sampler);
    const input = ramp(44100);
    await Promise.all(chunks(input, 882, 8).map((part) => stream44.push(part)));
    const [first, second, ...rest] = sampler.windows;
    // 64 ms rounds up to 7 blocks of 441 samples (70 ms); look-ahead 128 samples.
    expect(first[0]).toBe(0); // no context at the start of the stream
    expect(first.length).toBeGreaterThanOrEqual(7 * 441 + 128);
    for (const window of [second, ...rest]) {
      expect(window[0] % 441).toBe(0); // 441 input samples = 160 output samples
      expect(window.length).toBeGreaterThanOrEqual(441 + 7 * 441 + 128);
    }
    // The context is one block (it covers the filter's 128-sample reach).
    expect(second[0]).toBe(first[first.length - 128] - 441);
  });

  it('holds back no more than a batch and the look-ahead', async () => {
    const sampler = new PointSampler();
    const s = new StreamResampler(48000, sampler);
    const bound = 3072 + 139; // a 64 ms batch and the look-ahead, in samples
    expect(StreamResampler.latencyMs(48000)).toBeCloseTo(((3072 + 139) / 48000) * 1000, 9);
    expect(s.latencyMs).toBe(StreamResampler.latencyMs(48000));
    let pushed = 0;
    let emitted = 0;
    for (const part of chunks(ramp(48000 * 3), 960, 9)) {
      emitted += (await s.push(part)).length;
      pushed += part.length;
      expect(s.heldBackSamples).toBeLessThan(bound);
      expect(s.heldBackSamples).toBe(pushed - emitted * 3);
    }
    emitted += (await s.flush()).length;
    expect(s.heldBackSamples).toBe(0);
    expect(emitted).toBe(48000);
  });

  it('reports the delay it adds for each rate', () => {
    expect(StreamResampler.latencyMs(16000)).toBe(0);
    for (const rate of [8000, 22050, 24000, 32000, 44100, 48000]) {
      // About 64 ms of batch (whole blocks) and 3 to 6 ms of look-ahead.
      expect(StreamResampler.latencyMs(rate)).toBeGreaterThan(66);
      expect(StreamResampler.latencyMs(rate)).toBeLessThan(84);
      expect(StreamResampler.latencyMs(rate, { minBatchMs: 0 })).toBeLessThan(24);
    }
  });

  it('converts a large push in one call', async () => {
    const sampler = new PointSampler();
    const s = new StreamResampler(48000, sampler);
    const out = await s.push(ramp(48000 * 5));
    expect(sampler.windows).toHaveLength(1);
    expect(out.length).toBe(Math.floor((48000 * 5 - 139) / 3));
    expect((await s.push(new Float32Array(30))).length).toBe(0);
    expect(sampler.windows).toHaveLength(1);
  });

  it('passes 16 kHz input through unchanged, at once, without the Resampler', async () => {
    const resample = jest.fn<StatelessResampler['resample']>();
    const s = new StreamResampler(16000, { resample });
    const input = signal(16000, 320);
    expect(await s.push(input)).toBe(input);
    expect(s.heldBackSamples).toBe(0);
    expect(s.latencyMs).toBe(0);
    expect(await s.flush()).toHaveLength(0);
    expect(resample).not.toHaveBeenCalled();
  });

  it('flushes an empty stream to nothing, without a call', async () => {
    const resample = jest.fn<StatelessResampler['resample']>();
    const s = new StreamResampler(44100, { resample });
    expect(await s.flush()).toHaveLength(0);
    expect(await s.push(new Float32Array(0))).toHaveLength(0);
    expect(await s.flush()).toHaveLength(0);
    expect(resample).not.toHaveBeenCalled();
  });

  it('starts a new stream after flush', async () => {
    const s = new StreamResampler(22050, resampler);
    const first = signal(22050, 5000, 10);
    const second = signal(22050, 7000, 11);
    await stream(s, chunks(first, 1000, 12));
    const out = await stream(s, chunks(second, 1000, 13));
    expect(maxAbsDifference(out, await resampler.resample(second, 22050, 16000))).toBeLessThan(
      1e-6,
    );
  });

  it('resolves pushes in call order even when the calls complete out of order', async () => {
    const sampler = new PointSampler();
    // Each call is slower than the next, so without ordering later results would come first.
    let delay = 40;
    const slow: StatelessResampler = {
      resample: async (samples, from, to) => {
        const wait = (delay = Math.max(0, delay - 10));
        await new Promise((resolve) => setTimeout(resolve, wait));
        return sampler.resample(samples, from, to);
      },
    };
    const s = new StreamResampler(48000, slow, { minBatchMs: 5 });
    const input = ramp(48000 / 4);
    const order: number[] = [];
    const results = chunks(input, 1200, 14).map((part, i) =>
      s.push(part).then((out) => {
        order.push(i);
        return out;
      }),
    );
    results.push(s.flush());
    const out = concat(await Promise.all(results));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(sampler.windows.length).toBeGreaterThan(4);
    expect(firstDifference(out, await sampler.resample(input, 48000, 16000))).toBe(-1);
  });

  it('copies what it keeps, so the caller may reuse its buffer', async () => {
    const input = signal(48000, 9000, 15);
    const whole = await resampler.resample(input, 48000, 16000);
    const s = new StreamResampler(48000, resampler);
    const reused = new Float32Array(1000);
    const results: Promise<Float32Array>[] = [];
    for (let at = 0; at < input.length; at += 1000) {
      reused.set(input.subarray(at, at + 1000));
      results.push(s.push(reused.subarray(0, Math.min(1000, input.length - at))));
      reused.fill(9); // overwritten before the queued calls run
    }
    results.push(s.flush());
    expect(maxAbsDifference(concat(await Promise.all(results)), whole)).toBeLessThan(1e-6);
  });

  it('after a failed call, rejects later calls until reset()', async () => {
    const sampler = new PointSampler();
    let calls = 0;
    const failing: StatelessResampler = {
      resample: (samples, from, to) =>
        ++calls === 2
          ? Promise.reject(new Error('converter lost'))
          : sampler.resample(samples, from, to),
    };
    const s = new StreamResampler(48000, failing);
    const block = ramp(4000);
    const first = s.push(block);
    const second = s.push(block); // the failing call
    const third = s.push(block); // made before the failure is known
    await expect(first).resolves.toHaveLength(Math.floor((4000 - 139) / 3));
    await expect(second).rejects.toThrow('converter lost');
    await expect(third).rejects.toThrow('converter lost');
    await expect(s.push(block)).rejects.toThrow('converter lost');
    await expect(s.flush()).rejects.toThrow('converter lost');

    s.reset();
    expect(s.heldBackSamples).toBe(0);
    const out = await stream(s, [ramp(5000)]);
    expect(out).toEqual(await sampler.resample(ramp(5000), 48000, 16000));
  });

  it('reset() drops what is held back and starts a new stream', async () => {
    const sampler = new PointSampler();
    const s = new StreamResampler(8000, sampler);
    await s.push(ramp(300));
    expect(s.heldBackSamples).toBe(300);
    s.reset();
    expect(s.heldBackSamples).toBe(0);
    const input = ramp(2000);
    expect(await stream(s, chunks(input, 100, 16))).toEqual(
      await sampler.resample(input, 8000, 16000),
    );
  });

  it('refuses rates it cannot stream', () => {
    for (const rate of [0, 999, 44100.5, 192_001, NaN]) {
      expect(() => new StreamResampler(rate, new PointSampler())).toThrow(RangeError);
    }
    // 44101:16000 only repeats every second: its windows could not start on the 16 kHz grid.
    expect(() => new StreamResampler(44101, new PointSampler())).toThrow(/longer than 100 ms/);
    expect(() => new StreamResampler(48000, new PointSampler(), { minBatchMs: -1 })).toThrow(
      RangeError,
    );
    expect(() => StreamResampler.latencyMs(7)).toThrow(RangeError);
  });
});

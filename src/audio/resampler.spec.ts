import { describe, expect, it } from '@jest/globals';
import { resample, resampleTo16k, Resampler } from './resampler.js';

function sine(frequency: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) {
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / rate);
  }
  return out;
}

/** Amplitude of the `frequency` component (single-bin DFT), away from the edges. */
function amplitudeAt(samples: Float32Array, frequency: number, rate: number): number {
  const edge = Math.round(rate * 0.05);
  let re = 0;
  let im = 0;
  for (let i = edge; i < samples.length - edge; i++) {
    const phase = (2 * Math.PI * frequency * i) / rate;
    re += samples[i] * Math.cos(phase);
    im += samples[i] * Math.sin(phase);
  }
  return (2 * Math.hypot(re, im)) / (samples.length - 2 * edge);
}

const db = (ratio: number) => 20 * Math.log10(ratio);

/** Largest difference from the exact tone, away from the edges (where the filter sees zeros). */
function maxErrorAgainstSine(samples: Float32Array, frequency: number, rate: number): number {
  const expected = sine(frequency, rate, samples.length / rate);
  const edge = Math.round(rate * 0.01);
  let worst = 0;
  for (let i = edge; i < samples.length - edge; i++) {
    worst = Math.max(worst, Math.abs(samples[i] - expected[i]));
  }
  return worst;
}

describe('resampleTo16k', () => {
  it('keeps a 1 kHz tone at 48 kHz at its frequency, amplitude and phase', async () => {
    const out = await resampleTo16k(sine(1000, 48000, 1), 48000);
    expect(out.length).toBe(16000);
    expect(Math.abs(db(amplitudeAt(out, 1000, 16000) / 0.5))).toBeLessThan(0.05);
    // Sample by sample the exact 16 kHz tone, so neither frequency nor timing moved.
    expect(maxErrorAgainstSine(out, 1000, 16000)).toBeLessThan(1e-3);
    // Nothing else: the tone holds all the energy.
    const energy = out.reduce((sum, v) => sum + v * v, 0) / out.length;
    expect(Math.abs(energy - 0.125)).toBeLessThan(0.002);
  });

  it('is band-limited: tones above 8 kHz do not fold back into the speech band', async () => {
    // Without a low-pass filter, 9 kHz at 48 kHz → 16 kHz would alias to 7 kHz, 10 kHz to 6 kHz,
    // 12 kHz to 4 kHz. Measured with SINC_MEDIUM: -120 dB, -122 dB, -127 dB.
    for (const [tone, alias] of [
      [9000, 7000],
      [10000, 6000],
      [12000, 4000],
    ]) {
      const out = await resampleTo16k(sine(tone, 48000, 1), 48000);
      expect(db(amplitudeAt(out, alias, 16000) / 0.5)).toBeLessThan(-90);
    }
  });

  it('passes the speech band up to 7 kHz and attenuates the band edge', async () => {
    // Measured with SINC_MEDIUM (48 kHz → 16 kHz): 0 dB to 6.5 kHz, -0.3 dB at 7 kHz,
    // -12.9 dB at 7.5 kHz (its transition band ends at the 8 kHz Nyquist frequency).
    const gain = async (tone: number) =>
      db(amplitudeAt(await resampleTo16k(sine(tone, 48000, 1), 48000), tone, 16000) / 0.5);
    expect(Math.abs(await gain(3000))).toBeLessThan(0.05);
    expect(Math.abs(await gain(6000))).toBeLessThan(0.1);
    expect(await gain(7000)).toBeGreaterThan(-1);
    expect(await gain(7500)).toBeLessThan(-6);
  });

  it('gives ceil(length × 16000 / rate) samples for every input rate', async () => {
    for (const [rate, length] of [
      [8000, 8000],
      [11025, 11025],
      [22050, 22051],
      [44100, 44101],
      [48000, 48000],
      [48000, 3],
      [96000, 96001],
      [192000, 1],
    ]) {
      const out = await resampleTo16k(new Float32Array(length).fill(0.1), rate);
      expect(out.length).toBe(Math.ceil((length * 16000) / rate));
    }
  });

  it('upsamples 8 kHz without images', async () => {
    const out = await resampleTo16k(sine(3000, 8000, 1), 8000);
    expect(out.length).toBe(16000);
    expect(Math.abs(db(amplitudeAt(out, 3000, 16000) / 0.5))).toBeLessThan(0.05);
    // The image of 3 kHz around the old 4 kHz Nyquist frequency would be at 5 kHz.
    expect(db(amplitudeAt(out, 5000, 16000) / 0.5)).toBeLessThan(-80);
  });

  it('returns 16 kHz input itself, and empty input empty', async () => {
    const input = sine(440, 16000, 0.1);
    expect(await resampleTo16k(input, 16000)).toBe(input);
    expect((await resampleTo16k(new Float32Array(0), 44100)).length).toBe(0);
  });

  it('refuses rates it cannot convert', async () => {
    await expect(resampleTo16k(new Float32Array(4), 0)).rejects.toThrow(RangeError);
    await expect(resampleTo16k(new Float32Array(4), 44100.5)).rejects.toThrow(/integer/);
    await expect(resample(new Float32Array(4), 16000, 384000)).rejects.toThrow(/192000/);
  });
});

describe('resample', () => {
  it('converts long inputs in chunks without seams', async () => {
    // 20 s at 44.1 kHz: 882 000 samples, seven chunks of the converter.
    const out = await resample(sine(440, 44100, 20), 44100, 16000);
    expect(out.length).toBe(320000);
    expect(maxErrorAgainstSine(out, 440, 16000)).toBeLessThan(1e-3);
  });

  it('keeps the end of the signal (the filter is flushed)', async () => {
    // libsamplerate holds back the last ~50 output samples until it sees the end of the input.
    for (const [from, to] of [
      [48000, 16000],
      [8000, 16000],
      [44100, 16000],
    ]) {
      const out = await resample(sine(1000, from, 0.5), from, to);
      const expected = sine(1000, to, out.length / to);
      const tail = (signal: Float32Array) =>
        Math.sqrt(signal.subarray(-to / 100).reduce((sum, v) => sum + v * v, 0) / (to / 100));
      expect(tail(out) / tail(expected)).toBeGreaterThan(0.9);
      expect(maxErrorAgainstSine(out.subarray(0, out.length - 8), 1000, to)).toBeLessThan(0.05);
    }
  });

  it('converts between any two rates', async () => {
    const out = await resample(sine(1000, 22050, 1), 22050, 48000);
    expect(out.length).toBe(48000);
    expect(maxErrorAgainstSine(out, 1000, 48000)).toBeLessThan(1e-3);
  });

  it('runs concurrent calls one after the other, each from a clean state', async () => {
    const [a, b, c] = await Promise.all([
      resample(sine(500, 48000, 3), 48000, 16000),
      resample(sine(700, 8000, 3), 8000, 16000),
      resample(sine(500, 48000, 3), 48000, 16000),
    ]);
    expect(maxErrorAgainstSine(a, 500, 16000)).toBeLessThan(1e-3);
    expect(maxErrorAgainstSine(b, 700, 16000)).toBeLessThan(1e-3);
    expect(c).toEqual(a);
  });

  it('lets other work run while converting a long input', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await resample(sine(440, 48000, 30), 48000, 16000);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });
});

describe('Resampler', () => {
  it('frees its converter on dispose and makes a new one when used again', async () => {
    const resampler = new Resampler();
    const first = await resampler.resampleTo16k(sine(1000, 48000, 0.5), 48000);
    await resampler.dispose();
    const second = await resampler.resampleTo16k(sine(1000, 48000, 0.5), 48000);
    expect(second).toEqual(first);
    await resampler.dispose();
  });

  it('keeps working after a refused call', async () => {
    const resampler = new Resampler();
    await expect(resampler.resample(new Float32Array(4), 48000, 999)).rejects.toThrow(RangeError);
    const out = await resampler.resample(sine(1000, 48000, 0.5), 48000, 16000);
    expect(out.length).toBe(8000);
    await resampler.dispose();
  });
});

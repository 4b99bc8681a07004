import { describe, expect, it } from '@jest/globals';
import { estimatePitch } from '../../../test/support/speech-audio.js';
import { timeStretch } from './time-stretch.js';

const RATE = 22050;

/** A vowel-like sound: a 150 Hz pulse train through harmonics, with a slow loudness change. */
function vowel(seconds: number, hz = 150): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    let value = 0;
    for (let h = 1; h <= 5; h++) value += Math.sin(2 * Math.PI * hz * h * t) / h;
    samples[i] = 0.3 * value * (0.6 + 0.4 * Math.sin(2 * Math.PI * 2 * t));
  }
  return samples;
}

describe('timeStretch', () => {
  it.each([0.25, 0.547, 0.8, 1.3, 1.556, 4])(
    'gives length / %s samples and keeps the pitch',
    (rate) => {
      const input = vowel(1);
      const output = timeStretch(input, RATE, rate);
      expect(output.length).toBe(Math.round(input.length / rate));
      const before = estimatePitch(input, RATE).medianHz;
      const after = estimatePitch(output, RATE).medianHz;
      expect(Math.abs(after - before) / before).toBeLessThan(0.03);
    },
  );

  it('keeps the loudness (no gaps or doubled frames)', () => {
    const input = vowel(1);
    const output = timeStretch(input, RATE, 0.5);
    const rms = (s: Float32Array) => Math.sqrt(s.reduce((sum, v) => sum + v * v, 0) / s.length);
    expect(rms(output) / rms(input)).toBeGreaterThan(0.9);
    expect(rms(output) / rms(input)).toBeLessThan(1.1);
    expect(Math.max(...output.map(Math.abs))).toBeLessThan(1);
  });

  it('copies the input at rate 1 and handles empty input', () => {
    const input = vowel(0.1);
    const output = timeStretch(input, RATE, 1);
    expect(output).toEqual(input);
    expect(output).not.toBe(input);
    expect(timeStretch(new Float32Array(), RATE, 0.5)).toHaveLength(0);
  });

  it('refuses a rate that is not a positive number', () => {
    expect(() => timeStretch(vowel(0.1), RATE, 0)).toThrow(RangeError);
    expect(() => timeStretch(vowel(0.1), RATE, Number.NaN)).toThrow(RangeError);
  });
});

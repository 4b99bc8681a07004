import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { AudioDecodeError, decodeWav } from './wav-decoder.js';
import { encodeWav, floatToInt16, int16ToFloat } from './wav-encoder.js';

const SOURCE = new URL(
  '../../test/fixtures/audio/formats/source-16k-mono-s16.wav',
  import.meta.url,
);

describe('encodeWav', () => {
  it('writes a 44-byte RIFF PCM 16-bit mono header', () => {
    const wav = encodeWav(new Float32Array(3), 22050);
    expect(wav.length).toBe(44 + 6);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 6);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt32LE(28)).toBe(44100); // bytes per second
    expect(wav.readUInt16LE(32)).toBe(2); // block align
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(6);
  });

  it('round-trips through the decoder to the nearest 16-bit step', () => {
    const samples = new Float32Array(1000);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.sin(i / 7) * 0.9;
    const decoded = decodeWav(encodeWav(samples, 16000));
    expect(decoded).toMatchObject({ sampleRate: 16000, channels: 1, format: 'pcm_s16le' });
    expect(decoded.samples.length).toBe(samples.length);
    for (let i = 0; i < samples.length; i++) {
      expect(Math.abs(decoded.samples[i] - samples[i])).toBeLessThanOrEqual(0.5 / 32768 + 1e-9);
    }
  });

  it('re-encodes a decoded 16-bit file bit for bit', () => {
    const file = readFileSync(SOURCE);
    const { samples, sampleRate } = decodeWav(file);
    expect(encodeWav(samples, sampleRate).equals(file)).toBe(true);
  });

  it('clamps out-of-range floats and silences NaN', () => {
    const wav = encodeWav(Float32Array.of(1, -1, 1.5, -1.5, Infinity, -Infinity, NaN, -0), 8000);
    const values = Array.from({ length: 8 }, (_, i) => wav.readInt16LE(44 + i * 2));
    expect(values).toEqual([32767, -32768, 32767, -32768, 32767, -32768, 0, 0]);
  });

  it('rounds to the nearest step', () => {
    const wav = encodeWav(
      Float32Array.of(0.4 / 32768, 0.6 / 32768, -0.6 / 32768, 100.5 / 32768),
      8000,
    );
    const values = Array.from({ length: 4 }, (_, i) => wav.readInt16LE(44 + i * 2));
    expect(values).toEqual([0, 1, -1, 101]);
  });

  it('writes Int16Array samples as they are', () => {
    const wav = encodeWav(Int16Array.of(-32768, -1, 0, 1, 32767), 16000);
    const values = Array.from({ length: 5 }, (_, i) => wav.readInt16LE(44 + i * 2));
    expect(values).toEqual([-32768, -1, 0, 1, 32767]);
  });

  it('writes an empty file the decoder refuses as holding no samples', () => {
    const wav = encodeWav(new Float32Array(0), 16000);
    expect(wav.length).toBe(44);
    expect(() => decodeWav(wav)).toThrow(AudioDecodeError);
  });

  it('refuses a sample rate that is not a positive integer', () => {
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow(RangeError);
    expect(() => encodeWav(new Float32Array(1), 44100.5)).toThrow(RangeError);
  });
});

describe('floatToInt16 and int16ToFloat', () => {
  it('are inverse on 16-bit values', () => {
    const ints = Int16Array.of(-32768, -12345, -1, 0, 1, 12345, 32767);
    expect(floatToInt16(int16ToFloat(ints))).toEqual(ints);
    expect([...int16ToFloat(Int16Array.of(-32768, 16384))]).toEqual([-1, 0.5]);
  });

  it('clamp like encodeWav', () => {
    expect([...floatToInt16(Float32Array.of(2, -2, NaN, 0.5))]).toEqual([32767, -32768, 0, 16384]);
  });
});

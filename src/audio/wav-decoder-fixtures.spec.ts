import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { expectDecodeError } from '../../test/support/wav-file.fixture.js';
import { resample, resampleTo16k } from './resampler.js';
import { type AudioDecodeReason, decodeWav } from './wav-decoder.js';

/** decodeWav on the fixture files of test/fixtures/audio/: what it reads, and what it refuses. */

const FIXTURES = new URL('../../test/fixtures/audio/', import.meta.url);
const fixture = (path: string) => new Uint8Array(readFileSync(new URL(path, FIXTURES)));
const manifest = <T>(path: string): T =>
  JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8')) as T;

interface FormatEntry {
  file: string;
  format: string;
  channels: number;
  sample_rate: number;
  first_ms?: number;
}
interface MalformedEntry {
  file: string;
  reason: AudioDecodeReason;
}

const formats = manifest<{ source: string; files: FormatEntry[] }>('formats/manifest.json');
const malformed = manifest<{ files: MalformedEntry[] }>('malformed/manifest.json');

/** Signal-to-noise ratio of `actual` against `reference` (dB) and their correlation. */
function compare(reference: Float32Array, actual: Float32Array) {
  let signal = 0;
  let noise = 0;
  let cross = 0;
  let power = 0;
  for (let i = 0; i < reference.length; i++) {
    const r = reference[i];
    const a = actual[i];
    signal += r * r;
    noise += (r - a) ** 2;
    cross += r * a;
    power += a * a;
  }
  return {
    snrDb: noise === 0 ? Infinity : 10 * Math.log10(signal / noise),
    correlation: cross / Math.sqrt(signal * power),
  };
}

describe('decodeWav on the fixture matrix (test/fixtures/audio/formats)', () => {
  const source = decodeWav(fixture(`formats/${formats.source}`));
  let bandLimitedSource: Float32Array;

  beforeAll(async () => {
    // What an 8 kHz file can hold at best: the source through 4 kHz of bandwidth.
    bandLimitedSource = await resample(await resample(source.samples, 16000, 8000), 8000, 16000);
  });

  it('covers every sample format, channel count and rate of the decoder', () => {
    const files = formats.files;
    const kinds = new Set(files.map((f) => f.format.replace('extensible ', '')));
    expect([...kinds].sort()).toEqual(
      ['float32', 'float64', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_u8'].sort(),
    );
    expect(new Set(files.map((f) => f.channels))).toEqual(new Set([1, 2, 6]));
    for (const rate of [8000, 16000, 22050, 44100, 48000]) {
      expect(files.some((f) => f.sample_rate === rate)).toBe(true);
    }
    expect(files.some((f) => f.format.startsWith('extensible'))).toBe(true);
    expect(files.some((f) => f.format === 'pcm_s24le')).toBe(true);
  });

  /*
   * Tolerances, measured on these files (SNR against the 16 kHz source after resampling back):
   * - 16-, 24-, 32-bit and float at 22.05 kHz and up: 36.1 dB, correlation 0.9999. What is lost
   *   is the source's energy above ~7 kHz, cut by sox's and then our resampler's anti-alias
   *   filters (band edges, not decoding errors). Threshold: 30 dB.
   * - 8-bit: 33.6 dB at 22.05 kHz, the 8-bit quantization noise of a -6 dBFS-peak sentence (about
   *   -55 dBFS of noise under -22 dBFS of speech). Threshold: 28 dB.
   * - 8 kHz: 23.9 dB against the full-band source, since everything above 4 kHz is gone by
   *   design; so these are compared with the source band-limited to 4 kHz by the same resampler,
   *   where they reach 55.7 dB (8-bit: 34.1 dB). Thresholds: 45 dB (8-bit: 28 dB), and
   *   correlation with the full-band source over 0.99 (measured 0.998).
   * - 16 kHz 16-bit, in any chunk layout: bit-exact.
   * Every file keeps the source's timing: the best match is at lag 0, same length.
   */
  it.each(formats.files)(
    '$file ($format, $channels ch, $sample_rate Hz)',
    async ({ file, format, channels, sample_rate, first_ms }) => {
      const decoded = decodeWav(fixture(`formats/${file}`));
      expect(decoded).toMatchObject({ format, channels, sampleRate: sample_rate });

      const samples = await resampleTo16k(decoded.samples, decoded.sampleRate);
      const length = first_ms ? first_ms * 16 : source.samples.length;
      expect(samples.length).toBe(length);
      const reference = source.samples.subarray(0, length);

      if (sample_rate === 16000) {
        expect(samples).toEqual(reference);
        return;
      }
      const eightBit = format.endsWith('pcm_u8');
      const full = compare(reference, samples);
      if (sample_rate === 8000) {
        const band = compare(bandLimitedSource, samples);
        expect(band.snrDb).toBeGreaterThan(eightBit ? 28 : 45);
        expect(full.correlation).toBeGreaterThan(0.99);
      } else {
        expect(full.snrDb).toBeGreaterThan(eightBit ? 28 : 30);
        expect(full.correlation).toBeGreaterThan(0.998);
      }
      // Time alignment: shifting by one sample only makes the match worse.
      const shifted = compare(reference.subarray(1), samples);
      expect(shifted.snrDb).toBeLessThan(full.snrDb);
    },
  );
});

describe('decodeWav refusals (test/fixtures/audio/malformed)', () => {
  const messages: Record<string, RegExp> = {
    'mp3-id3.wav': /looks like an MP3 file/,
    'plain-text.wav': /looks like text/,
    'alaw.wav': /A-law/,
    'mulaw.wav': /µ-law/,
    'ima-adpcm.wav': /ADPCM/,
    'sample-rate-384000.wav': /384000 Hz.*192000/,
    'zero-channels.wav': /0 channels/,
    'block-align-mismatch.wav': /block align/,
    'chunk-too-large.wav': /'LIST' chunk/,
    'no-samples.wav': /no audio/,
  };

  it.each(malformed.files)('$file: $reason', ({ file, reason }) => {
    const error = expectDecodeError(fixture(`malformed/${file}`), reason, messages[file]);
    expect(error.name).toBe('AudioDecodeError');
  });
});

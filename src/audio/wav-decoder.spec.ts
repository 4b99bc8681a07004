import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resample, resampleTo16k } from './resampler.js';
import { AudioDecodeError, type AudioDecodeReason, decodeWav } from './wav-decoder.js';

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

function expectDecodeError(bytes: Uint8Array, reason: AudioDecodeReason, message?: RegExp) {
  let caught: unknown;
  try {
    decodeWav(bytes);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AudioDecodeError);
  const error = caught as AudioDecodeError;
  expect(error.reason).toBe(reason);
  expect(error.message.length).toBeGreaterThan(20);
  if (message) expect(error.message).toMatch(message);
  return error;
}

// --- A WAV writer for the cases sox cannot make ---

interface WavSpec {
  tag?: number;
  channels?: number;
  rate?: number;
  bits?: number;
  blockAlign?: number;
  /** WAVE_FORMAT_EXTENSIBLE with this sub-format tag. */
  subformat?: number;
  validBits?: number;
  guidTail?: number[];
  data: Uint8Array;
  magic?: string;
}

const GUID_TAIL = [
  0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];

function chunk(id: string, body: Uint8Array, pad = true): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(pad ? body.length & 1 : 0)]);
}

function fmtChunk(spec: Omit<WavSpec, 'data'>): Buffer {
  const channels = spec.channels ?? 1;
  const bits = spec.bits ?? 16;
  const extensible = spec.subformat !== undefined;
  const body = Buffer.alloc(extensible ? 40 : 16);
  const blockAlign = spec.blockAlign ?? channels * Math.ceil(bits / 8);
  body.writeUInt16LE(extensible ? 0xfffe : (spec.tag ?? 1), 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(spec.rate ?? 16000, 4);
  body.writeUInt32LE((spec.rate ?? 16000) * blockAlign, 8);
  body.writeUInt16LE(blockAlign, 12);
  body.writeUInt16LE(bits, 14);
  if (extensible) {
    body.writeUInt16LE(22, 16);
    body.writeUInt16LE(spec.validBits ?? bits, 18);
    body.writeUInt32LE(0, 20);
    body.writeUInt16LE(spec.subformat ?? 1, 24);
    Buffer.from(spec.guidTail ?? GUID_TAIL).copy(body, 26);
  }
  return chunk('fmt ', body);
}

function riff(chunks: Uint8Array[], magic = 'RIFF'): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write(magic, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

const wav = (spec: WavSpec) => riff([fmtChunk(spec), chunk('data', spec.data)], spec.magic);

function bytesOf(kind: 'i16' | 'i32' | 'f32' | 'f64', values: number[]): Uint8Array {
  const width = { i16: 2, i32: 4, f32: 4, f64: 8 }[kind];
  const view = new DataView(new ArrayBuffer(values.length * width));
  values.forEach((value, i) => {
    if (kind === 'i16') view.setInt16(i * 2, value, true);
    if (kind === 'i32') view.setInt32(i * 4, value, true);
    if (kind === 'f32') view.setFloat32(i * 4, value, true);
    if (kind === 'f64') view.setFloat64(i * 8, value, true);
  });
  return new Uint8Array(view.buffer);
}

function int24(values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 3);
  values.forEach((value, i) => {
    out[i * 3] = value & 0xff;
    out[i * 3 + 1] = (value >> 8) & 0xff;
    out[i * 3 + 2] = (value >> 16) & 0xff;
  });
  return out;
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

describe('decodeWav sample formats', () => {
  it('reads 8-bit unsigned PCM around 128', () => {
    const { samples, format } = decodeWav(wav({ bits: 8, data: Uint8Array.of(0, 64, 128, 255) }));
    expect(format).toBe('pcm_u8');
    expect([...samples]).toEqual([-1, -0.5, 0, 127 / 128]);
  });

  it('reads 16-bit signed PCM', () => {
    const data = bytesOf('i16', [-32768, -16384, 0, 1, 32767]);
    const { samples } = decodeWav(wav({ bits: 16, data }));
    expect([...samples]).toEqual([-1, -0.5, 0, 1 / 32768, Math.fround(32767 / 32768)]);
  });

  it('reads 24-bit signed PCM, sign-extended', () => {
    const data = int24([-8388608, -1, 0, 1, 8388607]);
    const { samples, format } = decodeWav(wav({ bits: 24, data }));
    expect(format).toBe('pcm_s24le');
    expect([...samples]).toEqual(
      [-1, -1 / 8388608, 0, 1 / 8388608, 8388607 / 8388608].map(Math.fround),
    );
  });

  it('reads 20-bit samples left-justified in 3 bytes as 24-bit', () => {
    const data = int24([0x8000 << 4, -0x8000 << 4]);
    const { samples, format } = decodeWav(wav({ bits: 20, data }));
    expect(format).toBe('pcm_s24le');
    expect([...samples]).toEqual([0.0625, -0.0625]);
  });

  it('reads 32-bit signed PCM', () => {
    const data = bytesOf('i32', [-2147483648, 0, 1073741824]);
    const { samples, format } = decodeWav(wav({ bits: 32, data }));
    expect(format).toBe('pcm_s32le');
    expect([...samples]).toEqual([-1, 0, 0.5]);
  });

  it('reads 32- and 64-bit floats, clamping to -1..1 and silencing NaN and infinities', () => {
    const values = [0.25, -0.75, 1.5, -2, NaN, Infinity, -Infinity];
    const expected = [0.25, -0.75, 1, -1, 0, 0, 0];
    const f32 = decodeWav(wav({ tag: 3, bits: 32, data: bytesOf('f32', values) }));
    expect(f32.format).toBe('float32');
    expect([...f32.samples]).toEqual(expected);
    const f64 = decodeWav(wav({ tag: 3, bits: 64, data: bytesOf('f64', values) }));
    expect(f64.format).toBe('float64');
    expect([...f64.samples]).toEqual(expected);
  });

  it('reads WAVE_FORMAT_EXTENSIBLE with PCM and float sub-formats', () => {
    const pcm = decodeWav(
      wav({ subformat: 1, bits: 24, validBits: 20, data: int24([0x400000, -0x400000]) }),
    );
    expect(pcm.format).toBe('extensible pcm_s24le');
    expect([...pcm.samples]).toEqual([0.5, -0.5]);
    const float = decodeWav(wav({ subformat: 3, bits: 32, data: bytesOf('f32', [0.5, -0.125]) }));
    expect(float.format).toBe('extensible float32');
    expect([...float.samples]).toEqual([0.5, -0.125]);
  });

  it('averages 1 to 8 channels into mono', () => {
    const stereo = decodeWav(wav({ channels: 2, data: bytesOf('i16', [16384, -8192, 0, 32767]) }));
    expect(stereo.channels).toBe(2);
    expect([...stereo.samples]).toEqual([0.125, Math.fround(32767 / 65536)]);

    const frame = [8192, 8192, 8192, 8192, -8192, -8192, 8192, 8192];
    const eight = decodeWav(wav({ channels: 8, data: bytesOf('i16', [...frame, ...frame]) }));
    expect(eight.channels).toBe(8);
    expect([...eight.samples]).toEqual([0.125, 0.125]);
  });

  it('accepts 8 kHz to 192 kHz', () => {
    for (const rate of [8000, 11025, 16000, 24000, 32000, 96000, 192000]) {
      expect(decodeWav(wav({ rate, data: bytesOf('i16', [1, 2]) })).sampleRate).toBe(rate);
    }
  });

  it('reads bytes at any offset of a larger buffer (a pooled Buffer, a Base64 decode)', () => {
    const file = wav({ bits: 16, data: bytesOf('i16', [16384, -16384, 8192]) });
    const pool = new Uint8Array(file.length + 3);
    pool.set(file, 3);
    expect([...decodeWav(pool.subarray(3)).samples]).toEqual([0.5, -0.5, 0.25]);
  });
});

describe('decodeWav chunk layouts', () => {
  const data = bytesOf('i16', [16384, -16384, 8192]);
  const fmt = fmtChunk({});

  it('skips unknown chunks before and after the audio, in either order', () => {
    const file = riff([
      chunk('JUNK', new Uint8Array(28)),
      chunk('data', data),
      chunk('bext', new Uint8Array(7)),
      fmt,
      chunk('cue ', new Uint8Array(4)),
    ]);
    expect([...decodeWav(file).samples]).toEqual([0.5, -0.5, 0.25]);
  });

  it('tolerates an odd-sized chunk written without its pad byte', () => {
    const file = riff([fmt, chunk('odd ', Uint8Array.of(1, 2, 3), false), chunk('data', data)]);
    expect([...decodeWav(file).samples]).toEqual([0.5, -0.5, 0.25]);
  });

  it('ignores a damaged chunk after complete audio', () => {
    const broken = Buffer.alloc(12);
    broken.write('LIST', 0, 'ascii');
    broken.writeUInt32LE(100_000, 4);
    const file = riff([fmt, chunk('data', data), broken]);
    expect([...decodeWav(file).samples]).toEqual([0.5, -0.5, 0.25]);
  });

  it('reads RF64 with the data size from ds64', () => {
    const ds64 = Buffer.alloc(28);
    ds64.writeUInt32LE(data.length, 8);
    const header = Buffer.alloc(8);
    header.write('data', 0, 'ascii');
    header.writeUInt32LE(0xffffffff, 4);
    const file = riff(
      [chunk('ds64', ds64), fmt, header, data, chunk('LIST', new Uint8Array(4))],
      'RF64',
    );
    expect([...decodeWav(file).samples]).toEqual([0.5, -0.5, 0.25]);
  });

  it('drops a partial last frame', () => {
    const file = riff([
      fmtChunk({ channels: 2 }),
      chunk('data', bytesOf('i16', [16384, 16384, 1])),
    ]);
    expect([...decodeWav(file).samples]).toEqual([0.5]);
  });
});

describe('decodeWav errors', () => {
  it.each([
    ['OggS\0\x02', /an OGG file/],
    ['fLaC\0\0\0\x22', /a FLAC file/],
    ['\x1a\x45\xdf\xa3\x01\0\0\0', /WebM/],
    ['\0\0\0\x20ftypM4A ', /MP4\/M4A/],
    ['#!AMR\n', /AMR/],
    ['FORM\0\0\0\0AIFF', /AIFF/],
    ['\xff\xf1\x50\x80', /AAC/],
    ['\xff\xfb\x90\x64', /MP3/],
    ['RIFX\0\0\0\0WAVE', /RIFX/],
    ['UklGRiQAAABXQVZF', /Base64/],
    ['{"audio": 1}', /JSON/],
    ['<html></html>', /HTML/],
    ['\x00\x01\x02\x03\x80\x90', /00 01 02 03/],
  ])('names what %j looks like', (head, message) => {
    expectDecodeError(Buffer.from(head, 'latin1'), 'not_wav', message);
  });

  it('names a RIFF file of another type', () => {
    const avi = Buffer.from('RIFF\x04\0\0\0AVI LIST', 'latin1');
    expectDecodeError(avi, 'not_wav', /type 'AVI '.*video/);
  });

  it('never quotes the content of a text file', () => {
    const error = expectDecodeError(
      Buffer.from('Patient John Smith, born 1950, allergic to penicillin.'),
      'not_wav',
    );
    expect(error.message).not.toMatch(/John|penicillin/);
  });

  it('refuses headers cut short', () => {
    expectDecodeError(Buffer.from('RIFF\x24\0\0'), 'truncated_header');
    expectDecodeError(Buffer.from('RIFF\x24\0\0\0WAVE'), 'truncated_header');
    expectDecodeError(Buffer.from('RIFF\x24\0\0\0WAVEfmt'), 'truncated_header');
    expectDecodeError(riff([fmtChunk({}).subarray(0, 20)]), 'truncated_header', /'fmt '/);
  });

  it('refuses impossible fmt values', () => {
    const data = bytesOf('i16', [1, 2]);
    expectDecodeError(wav({ channels: 0, blockAlign: 2, data }), 'invalid_fmt', /0 channels/);
    expectDecodeError(wav({ rate: 0, data }), 'invalid_fmt', /0 Hz/);
    expectDecodeError(wav({ rate: 192001, data }), 'invalid_fmt', /192001 Hz/);
    expectDecodeError(wav({ bits: 0, blockAlign: 2, data }), 'invalid_fmt', /0 bits/);
    expectDecodeError(wav({ channels: 2, blockAlign: 2, data }), 'invalid_fmt', /block align/);
    expectDecodeError(wav({ subformat: 1, bits: 20, data }), 'invalid_fmt', /valid bits/);
    const shortFmt = riff([chunk('fmt ', new Uint8Array(14)), chunk('data', data)]);
    expectDecodeError(shortFmt, 'invalid_fmt', /14 bytes/);
  });

  it('refuses formats it does not take, saying which', () => {
    const data = bytesOf('i16', [1, 2]);
    expectDecodeError(
      wav({ channels: 9, data: new Uint8Array(36) }),
      'unsupported_format',
      /9 channels/,
    );
    expectDecodeError(wav({ rate: 4000, data }), 'unsupported_format', /4000 Hz/);
    expectDecodeError(wav({ tag: 3, bits: 16, data }), 'unsupported_format', /16-bit float/);
    expectDecodeError(wav({ bits: 64, data: new Uint8Array(16) }), 'unsupported_format', /64-bit/);
    expectDecodeError(wav({ tag: 0x55, data }), 'unsupported_encoding', /MP3.*0x0055/);
    expectDecodeError(wav({ tag: 0x2, data }), 'unsupported_encoding', /Microsoft ADPCM/);
    expectDecodeError(wav({ tag: 0x1234, data }), 'unsupported_encoding', /0x1234/);
    expectDecodeError(wav({ subformat: 7, bits: 8, data }), 'unsupported_encoding', /µ-law/);
    const ambisonic = [...GUID_TAIL.slice(0, 12), 0x00, 0x00];
    expectDecodeError(
      wav({ subformat: 1, guidTail: ambisonic, data }),
      'unsupported_encoding',
      /neither PCM nor IEEE float/,
    );
  });

  it('tells a streaming header with audio after it from an empty file', () => {
    const header = Buffer.alloc(8);
    header.write('data', 0, 'ascii');
    const fmt = fmtChunk({});
    expect([...decodeWav(riff([fmt, header, bytesOf('i16', [16384])])).samples]).toEqual([0.5]);
    expectDecodeError(riff([fmt, header]), 'no_samples', /empty/);
    header.writeUInt32LE(0xffffffff, 4);
    expect([...decodeWav(riff([fmt, header, bytesOf('i16', [16384])])).samples]).toEqual([0.5]);
    expectDecodeError(riff([fmt, header]), 'no_samples');
  });

  it('refuses a data chunk smaller than one frame', () => {
    const file = riff([fmtChunk({ channels: 2 }), chunk('data', bytesOf('i16', [1]))]);
    expectDecodeError(file, 'no_samples', /less than one sample frame/);
  });

  it('refuses a chunk that declares more than the file holds before the audio', () => {
    const header = Buffer.alloc(8);
    header.write('LIST', 0, 'ascii');
    header.writeUInt32LE(5000, 4);
    const file = riff([fmtChunk({}), header, chunk('data', bytesOf('i16', [1, 2]))]);
    expectDecodeError(file, 'chunk_too_large', /'LIST' chunk at byte 36 declares 5000 bytes/);
  });

  it('refuses a file without fmt or data chunk', () => {
    expectDecodeError(riff([chunk('data', bytesOf('i16', [1]))]), 'missing_fmt');
    expectDecodeError(riff([fmtChunk({})]), 'missing_data');
    expectDecodeError(new Uint8Array(0), 'empty');
  });
});

import { describe, expect, it } from '@jest/globals';
import { bytesOf, chunk, fmtChunk, int24, riff, wav } from '../../test/support/wav-file.fixture.js';
import { decodeWav } from './wav-decoder.js';

/**
 * decodeWav on files written byte by byte: each sample format and chunk layout it reads. The
 * fixture files made by sox are in wav-decoder-fixtures.spec.ts, the refusals in
 * wav-decoder-errors.spec.ts.
 */

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

import { describe, expect, it } from '@jest/globals';
import {
  GUID_TAIL,
  bytesOf,
  chunk,
  expectDecodeError,
  fmtChunk,
  riff,
  wav,
} from '../../test/support/wav-file.fixture.js';
import { decodeWav } from './wav-decoder.js';

/** What decodeWav refuses, and how it says so: files that are not WAV, or a WAV it cannot read. */

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

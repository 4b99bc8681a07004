/** The audio the fuzz sends: lying WAVs, other formats, noise, whole recordings, Base64 fields. */
import * as fc from 'fast-check';
import { MAX_AUDIO_BYTES } from './config.js';
import { SPEECH_WAVS, WAV_BASES } from './wav-bases.js';
import { lyingWav } from './wav-mutations.js';

/** Files of other kinds, by their first bytes, and noise. */
const NOT_WAV_HEADS: readonly Buffer[] = [
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.from([0xff, 0xf1, 0x50, 0x80]),
  Buffer.from('OggS\x00\x02', 'latin1'),
  Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'),
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.from('\x00\x00\x00\x18ftypmp42', 'latin1'),
  Buffer.from('#!AMR\n', 'latin1'),
  Buffer.from('FORM\x00\x00\x00\x00AIFF', 'latin1'),
  Buffer.from('caff', 'latin1'),
  Buffer.from('.snd', 'latin1'),
  Buffer.from('RIFX\x24\x00\x00\x00WAVE', 'latin1'),
  Buffer.from('RIFF\x24\x00\x00\x00AVI LIST', 'latin1'),
  Buffer.from('UklGRiQAAABXQVZF', 'latin1'),
  Buffer.from('{"audio": "x"}'),
  Buffer.from('<html><body>'),
  Buffer.from('The patient has a fever.'),
  Buffer.from('RIFF'),
  Buffer.alloc(0),
];
export const notWav: fc.Arbitrary<Buffer> = fc
  .tuple(fc.constantFrom(...NOT_WAV_HEADS), fc.uint8Array({ maxLength: 256 }))
  .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)]));

let oversized: Buffer | undefined;
/** A valid WAV one byte over MAX_AUDIO_BYTES (413 once decoded). */
export function oversizedWav(): Buffer {
  if (!oversized) {
    oversized = Buffer.alloc(MAX_AUDIO_BYTES + 1);
    WAV_BASES[0].copy(oversized, 0, 0, 44);
    oversized.writeUInt32LE(oversized.length - 8, 4);
    oversized.writeUInt32LE(oversized.length - 44, 40);
  }
  return oversized;
}

/** Audio bytes to send: mostly lying WAVs, some other formats, rarely a whole recording. */
export const audioBytes: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 70, arbitrary: lyingWav },
  { weight: 15, arbitrary: notWav },
  { weight: 10, arbitrary: fc.constantFrom(...WAV_BASES) },
  { weight: 1, arbitrary: fc.constantFrom(...SPEECH_WAVS) },
  { weight: 1, arbitrary: fc.constant(0).map(() => oversizedWav()) },
);

const DATA_URLS = [
  'data:audio/wav;base64,',
  'data:;base64,',
  'DATA:AUDIO/WAV;BASE64,',
  'data:audio/wav;codecs=1;base64,',
  'data:audio/wav,',
  'data:text/html;charset=utf-8;base64,',
  'data:audio/wav;base64;base64,',
  'data:audio/wav;base64, ',
];
const BAD_CHARS = [
  '!',
  '*',
  '.',
  '%',
  '-',
  '_',
  '\\',
  'é',
  '😀',
  '\u0000',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '=',
  '==',
];

/** `bytes` as the audio_base64 field: standard Base64, or Base64 written wrong in one way. */
export function base64Field(bytes: fc.Arbitrary<Buffer>): fc.Arbitrary<string> {
  return fc
    .tuple(
      bytes,
      fc.constantFrom(
        'plain',
        'plain',
        'plain',
        'plain',
        'plain',
        'plain',
        'wrapped',
        'spaces',
        'data-url',
        'url-safe',
        'no-padding',
        'extra-padding',
        'inner-padding',
        'bad-char',
        'length-1-mod-4',
      ),
      fc.nat({ max: 1_000_000 }),
      fc.nat({ max: 100 }),
    )
    .map(([data, how, at, pick]) => {
      const b64 = data.toString('base64');
      const p = at % (b64.length + 1);
      switch (how) {
        case 'wrapped':
          return b64.replace(/.{76}/g, (line) => `${line}${pick % 2 ? '\r\n' : '\n'}`);
        case 'spaces':
          return b64.slice(0, p) + [' ', '\t', '\n', '   '][pick % 4] + b64.slice(p);
        case 'data-url':
          return DATA_URLS[pick % DATA_URLS.length] + b64;
        case 'url-safe':
          return b64.replace(/\+/g, '-').replace(/\//g, '_');
        case 'no-padding':
          return b64.replace(/=+$/, '');
        case 'extra-padding':
          return b64 + ['=', '==', '===', '===='][pick % 4];
        case 'inner-padding':
          return `${b64.slice(0, p)}=${b64.slice(p)}`;
        case 'bad-char':
          return b64.slice(0, p) + BAD_CHARS[pick % BAD_CHARS.length] + b64.slice(p);
        case 'length-1-mod-4':
          return b64.replace(/=+$/, '') + 'A'.repeat((5 - (b64.replace(/=+$/, '').length % 4)) % 4);
        default:
          return b64;
      }
    });
}

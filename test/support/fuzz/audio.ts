import { readFileSync } from 'node:fs';
import * as fc from 'fast-check';
import { MAX_AUDIO_BYTES } from './config.js';

const FIXTURES = new URL('../../fixtures/audio/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

interface Chunk {
  readonly id: string;
  /** Offset of the chunk id. */
  readonly start: number;
  readonly size: number;
}

/** The chunks of a well-formed WAV file (a streaming data size runs to the end). */
function chunksOf(bytes: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    if (id === 'data' && (size === 0 || size === 0xffffffff)) size = bytes.length - offset - 8;
    chunks.push({ id, start: offset, size });
    offset += 8 + size + (size & 1);
  }
  return chunks;
}

/** Bytes of audio each cropped base keeps: a whole number of frames for every fixture format. */
const CROPPED_DATA_BYTES = 4800;

/**
 * A valid fixture with its data chunk cut to CROPPED_DATA_BYTES (0.02 to 0.3 s): cheap to decode,
 * too short for a sentence, so a mutated file that still decodes costs milliseconds, not a
 * recognition. Other chunks (LIST, fact, odd-sized ones) are kept in place.
 */
function cropped(name: string): Buffer {
  const bytes = fixture(name);
  const parts: Buffer[] = [bytes.subarray(0, 12)];
  for (const chunk of chunksOf(bytes)) {
    const body = bytes.subarray(chunk.start + 8, chunk.start + 8 + chunk.size);
    if (chunk.id !== 'data') {
      parts.push(bytes.subarray(chunk.start, chunk.start + 8 + chunk.size + (chunk.size & 1)));
      continue;
    }
    const header = Buffer.from(bytes.subarray(chunk.start, chunk.start + 8));
    const keep = body.subarray(0, Math.min(body.length, CROPPED_DATA_BYTES));
    const declared = bytes.readUInt32LE(chunk.start + 4);
    if (declared !== 0 && declared !== 0xffffffff) header.writeUInt32LE(keep.length, 4);
    parts.push(header, keep);
  }
  const out = Buffer.concat(parts);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/** Small valid WAV files of every layout the decoder handles, to mutate. */
export const WAV_BASES: readonly Buffer[] = [
  'formats/source-16k-mono-s16.wav',
  'formats/chunks-list-odd.wav',
  'formats/chunks-data-first.wav',
  'formats/f32-mono-8000.wav',
  'formats/f64-mono-8000.wav',
  'formats/s16-6ch-8000.wav',
  'formats/s24-mono-8000.wav',
  'formats/s32-mono-22050.wav',
  'formats/u8-stereo-22050.wav',
  'formats/streaming-size-zero.wav',
  'formats/streaming-size-ffffffff.wav',
].map(cropped);

/** Whole recordings with speech: each costs a real recognition (~0.3 s), so they come rarely. */
export const SPEECH_WAVS: readonly Buffer[] = [
  'speech/01-fever-headache.wav',
  'speech/02-two-tablets.wav',
  'formats/phone-44k1-stereo-s24.wav',
  'silence.wav',
].map(fixture);

type U16Field = 'tag' | 'channels' | 'byteRate' | 'blockAlign' | 'bits' | 'cbSize' | 'validBits';
type U32Field = 'rate' | 'byteRate' | 'channelMask';
const FMT_OFFSETS: Record<U16Field | U32Field, number> = {
  tag: 0,
  channels: 2,
  rate: 4,
  byteRate: 8,
  blockAlign: 12,
  bits: 14,
  cbSize: 16,
  validBits: 18,
  channelMask: 20,
};

/** One lie told by a WAV header, or one cut. */
export type WavMutation =
  | { readonly kind: 'u16'; readonly field: U16Field; readonly value: number }
  | { readonly kind: 'u32'; readonly field: U32Field; readonly value: number }
  | {
      readonly kind: 'size';
      readonly chunk: 'RIFF' | 'fmt ' | 'data';
      readonly how: 'set' | 'plus' | 'minus' | 'double' | 'half';
      readonly value: number;
    }
  | { readonly kind: 'magic'; readonly at: 0 | 8 | 'fmt ' | 'data'; readonly value: string }
  | {
      readonly kind: 'insert';
      readonly boundary: number;
      readonly id: string;
      readonly declared: number;
      readonly actual: number;
    }
  | { readonly kind: 'structure'; readonly what: 'dup-fmt' | 'drop-fmt' | 'drop-data' | 'swap' }
  | { readonly kind: 'flip'; readonly offset: number; readonly xor: number }
  | { readonly kind: 'truncate'; readonly boundary: number; readonly delta: number }
  | { readonly kind: 'append'; readonly bytes: Uint8Array };

const U16_VALUES = [
  0, 1, 2, 3, 6, 7, 8, 9, 12, 13, 16, 17, 24, 32, 33, 48, 64, 200, 255, 0x7fff, 0xfffe, 0xffff,
];
const TAGS = [0, 1, 2, 3, 6, 7, 0x11, 0x55, 0x674f, 0xfffe, 0xffff];
const U32_VALUES = [
  0, 1, 7999, 8000, 16000, 22050, 44100, 48000, 192000, 192001, 384000, 0x7ffff000, 0x7fffffff,
  0x80000000, 0xfffffffe, 0xffffffff,
];
const FMT_SIZES = [0, 1, 14, 15, 16, 17, 18, 20, 39, 40, 41, 1000, 0xffffffff];

const u16Value = fc.oneof(fc.constantFrom(...U16_VALUES), fc.integer({ min: 0, max: 0xffff }));
const u32Value = fc.oneof(fc.constantFrom(...U32_VALUES), fc.integer({ min: 0, max: 0xffffffff }));

export const wavMutation: fc.Arbitrary<WavMutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('u16' as const),
      field: fc.constantFrom<U16Field>('channels', 'blockAlign', 'bits', 'cbSize', 'validBits'),
      value: u16Value,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('u16' as const),
      field: fc.constant<U16Field>('tag'),
      value: fc.oneof(fc.constantFrom(...TAGS), fc.integer({ min: 0, max: 0xffff })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('u32' as const),
      field: fc.constantFrom<U32Field>('rate', 'byteRate', 'channelMask'),
      value: u32Value,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('size' as const),
      chunk: fc.constantFrom('RIFF' as const, 'fmt ' as const, 'data' as const),
      how: fc.constantFrom(
        'set' as const,
        'plus' as const,
        'minus' as const,
        'double' as const,
        'half' as const,
      ),
      value: fc.oneof(fc.constantFrom(...FMT_SIZES, ...U32_VALUES), fc.nat({ max: 100 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('magic' as const),
      at: fc.constantFrom(0 as const, 8 as const, 'fmt ' as const, 'data' as const),
      value: fc.constantFrom(
        'RIFX',
        'RF64',
        'BW64',
        'riff',
        'AVI ',
        'WAV ',
        'fmt',
        'DATA',
        'LIST',
        '\0\0\0\0',
        'JUNK',
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      boundary: fc.nat({ max: 20 }),
      id: fc.constantFrom(
        'LIST',
        'JUNK',
        'fact',
        'odd ',
        'ds64',
        'fmt ',
        'data',
        '\0\0\0\0',
        'id3 ',
      ),
      declared: fc.oneof(fc.nat({ max: 64 }), fc.constantFrom(0xffffffff, 0x7fffffff, 1_048_576)),
      actual: fc.nat({ max: 64 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('structure' as const),
      what: fc.constantFrom(
        'dup-fmt' as const,
        'drop-fmt' as const,
        'drop-data' as const,
        'swap' as const,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('flip' as const),
      offset: fc.nat({ max: 95 }),
      xor: fc.integer({ min: 1, max: 255 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('truncate' as const),
      boundary: fc.nat({ max: 30 }),
      delta: fc.integer({ min: -3, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      bytes: fc.uint8Array({ maxLength: 64 }),
    }),
  },
);

/** Order of application: header values first, then structure, then cuts (at new boundaries). */
const PHASE: Record<WavMutation['kind'], number> = {
  u16: 0,
  u32: 0,
  size: 0,
  magic: 0,
  flip: 1,
  insert: 2,
  structure: 2,
  append: 3,
  truncate: 4,
};

/** Chunk walk that tolerates lies: each chunk's start, its size field and its end, clamped. */
function walk(bytes: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length && chunks.length < 64) {
    const size = bytes.readUInt32LE(offset + 4);
    chunks.push({ id: bytes.toString('latin1', offset, offset + 4), start: offset, size });
    const next = offset + 8 + size + (size & 1);
    if (next > bytes.length) break;
    offset = next;
  }
  return chunks;
}

/** Every offset where a cut leaves a differently broken file: header fields and chunk edges. */
export function boundaries(bytes: Buffer): number[] {
  const points = new Set([0, 1, 4, 8, 11, 12]);
  for (const chunk of walk(bytes)) {
    points.add(chunk.start);
    points.add(chunk.start + 4);
    points.add(chunk.start + 8);
    if (chunk.id === 'fmt ')
      for (const o of [2, 4, 8, 12, 14, 16, 18, 24]) points.add(chunk.start + 8 + o);
    points.add(Math.min(bytes.length, chunk.start + 8 + chunk.size));
  }
  points.add(bytes.length);
  return [...points].filter((p) => p >= 0 && p <= bytes.length).sort((a, b) => a - b);
}

function apply(bytes: Buffer, mutation: WavMutation): Buffer {
  const chunks = walk(bytes);
  const find = (id: string) => chunks.find((chunk) => chunk.id === id);
  const fmt = find('fmt ');
  switch (mutation.kind) {
    case 'u16':
    case 'u32': {
      if (!fmt) return bytes;
      const at = fmt.start + 8 + FMT_OFFSETS[mutation.field];
      const width = mutation.kind === 'u16' ? 2 : 4;
      if (at + width > bytes.length) return bytes;
      const out = Buffer.from(bytes);
      if (width === 2) out.writeUInt16LE(mutation.value & 0xffff, at);
      else out.writeUInt32LE(mutation.value >>> 0, at);
      return out;
    }
    case 'size': {
      const at = mutation.chunk === 'RIFF' ? 4 : (find(mutation.chunk)?.start ?? -8) + 4;
      if (at < 4 || at + 4 > bytes.length) return bytes;
      const current = bytes.readUInt32LE(at);
      const next = {
        set: mutation.value,
        plus: current + Math.max(1, mutation.value % 5000),
        minus: current - Math.max(1, mutation.value % 5000),
        double: current * 2,
        half: Math.floor(current / 2),
      }[mutation.how];
      const out = Buffer.from(bytes);
      out.writeUInt32LE(Math.max(0, Math.min(0xffffffff, next)) >>> 0, at);
      return out;
    }
    case 'magic': {
      const at = typeof mutation.at === 'number' ? mutation.at : find(mutation.at)?.start;
      if (at === undefined || at + 4 > bytes.length) return bytes;
      const out = Buffer.from(bytes);
      out.write(mutation.value.padEnd(4, ' ').slice(0, 4), at, 'latin1');
      return out;
    }
    case 'flip': {
      if (mutation.offset >= bytes.length) return bytes;
      const out = Buffer.from(bytes);
      out[mutation.offset] ^= mutation.xor;
      return out;
    }
    case 'insert': {
      const points = boundaries(bytes).filter((p) => p >= 12);
      const at = points[mutation.boundary % points.length] ?? 12;
      const head = Buffer.alloc(8);
      head.write(mutation.id, 0, 'latin1');
      head.writeUInt32LE(mutation.declared >>> 0, 4);
      const body = Buffer.alloc(mutation.actual, 0x41);
      return Buffer.concat([bytes.subarray(0, at), head, body, bytes.subarray(at)]);
    }
    case 'structure': {
      const data = find('data');
      const whole = (chunk: Chunk | undefined) =>
        chunk
          ? bytes.subarray(
              chunk.start,
              Math.min(bytes.length, chunk.start + 8 + chunk.size + (chunk.size & 1)),
            )
          : Buffer.alloc(0);
      const without = (chunk: Chunk | undefined) =>
        chunk
          ? Buffer.concat([
              bytes.subarray(0, chunk.start),
              bytes.subarray(chunk.start + whole(chunk).length),
            ])
          : bytes;
      switch (mutation.what) {
        case 'dup-fmt':
          return fmt
            ? Buffer.concat([bytes.subarray(0, fmt.start), whole(fmt), bytes.subarray(fmt.start)])
            : bytes;
        case 'drop-fmt':
          return without(fmt);
        case 'drop-data':
          return without(data);
        case 'swap': {
          if (!fmt || !data) return bytes;
          const rest = without(fmt);
          return Buffer.concat([rest, whole(fmt)]);
        }
      }
      return bytes;
    }
    case 'append':
      return Buffer.concat([bytes, Buffer.from(mutation.bytes)]);
    case 'truncate': {
      const points = boundaries(bytes);
      const at = points[mutation.boundary % points.length] + mutation.delta;
      return bytes.subarray(0, Math.max(0, Math.min(bytes.length, at)));
    }
  }
}

/** A WAV file with lying headers: a valid base with up to four mutations. */
export const lyingWav: fc.Arbitrary<Buffer> = fc
  .tuple(fc.constantFrom(...WAV_BASES), fc.array(wavMutation, { minLength: 0, maxLength: 4 }))
  .map(([base, mutations]) =>
    [...mutations].sort((a, b) => PHASE[a.kind] - PHASE[b.kind]).reduce(apply, base),
  );

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

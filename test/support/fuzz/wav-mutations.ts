/** The lies a WAV header can tell, and the cuts: applied to the valid bases (wav-bases.ts). */
import * as fc from 'fast-check';
import { type Chunk, WAV_BASES } from './wav-bases.js';

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

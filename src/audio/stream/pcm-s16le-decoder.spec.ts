import { describe, expect, it } from '@jest/globals';
import { int16ToFloat } from '../wav-encoder.js';
import { PcmS16leDecoder } from './pcm-s16le-decoder.js';
import { concat, firstDifference, random } from '../../../test/support/sample-stream.fixture.js';

/** Little-endian bytes of `values`, as a client sends them. */
function s16le(values: number[] | Int16Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 2);
  const view = new DataView(bytes.buffer);
  values.forEach((value, i) => view.setInt16(i * 2, value, true));
  return bytes;
}

function randomInt16(count: number, seed: number): Int16Array {
  const next = random(seed);
  const values = new Int16Array(count);
  for (let i = 0; i < count; i++) values[i] = Math.floor(next() * 65536) - 32768;
  values[0] = -32768;
  values[1] = 32767;
  return values;
}

/** Feeds `bytes` cut at `cuts` (increasing offsets) and returns every push's output. */
function feed(decoder: PcmS16leDecoder, bytes: Uint8Array, cuts: number[]): Float32Array[] {
  const bounds = [0, ...cuts, bytes.length];
  return bounds.slice(1).map((end, i) => decoder.push(bytes.subarray(bounds[i], end)));
}

describe('PcmS16leDecoder', () => {
  it('maps little-endian 16-bit values to floats by ÷ 32768', () => {
    const values = [0, 1, -1, 256, 0x1234, -0x1234, 16384, -16384, 32767, -32768];
    const out = new PcmS16leDecoder().push(s16le(values));
    expect(Array.from(out)).toEqual(values.map((v) => v / 32768));
    expect(out[8]).toBe(32767 / 32768);
    expect(out[9]).toBe(-1);
  });

  it('reads the bytes low first: 0x01 0x80 is -32767', () => {
    const out = new PcmS16leDecoder().push(Uint8Array.of(0x01, 0x80, 0xff, 0x7f, 0xff, 0xff));
    expect(Array.from(out)).toEqual([-32767 / 32768, 32767 / 32768, -1 / 32768]);
  });

  it('gives the same floats as int16ToFloat', () => {
    const values = randomInt16(5000, 1);
    expect(firstDifference(new PcmS16leDecoder().push(s16le(values)), int16ToFloat(values))).toBe(
      -1,
    );
  });

  it('completes a sample split across two chunks', () => {
    const decoder = new PcmS16leDecoder();
    const [lo, hi] = s16le([-12345]);
    expect(decoder.push(Uint8Array.of(lo))).toEqual(new Float32Array(0));
    expect(decoder.pendingBytes).toBe(1);
    expect(Array.from(decoder.push(Uint8Array.of(hi)))).toEqual([-12345 / 32768]);
    expect(decoder.pendingBytes).toBe(0);
  });

  it('carries the odd byte of odd-length chunks into the next', () => {
    const bytes = s16le([1000, -2000, 3000, -4000]); // 8 bytes: cut 3 + 3 + 2
    const decoder = new PcmS16leDecoder();
    const a = decoder.push(bytes.subarray(0, 3));
    expect(Array.from(a)).toEqual([1000 / 32768]);
    expect(decoder.pendingBytes).toBe(1);
    const b = decoder.push(bytes.subarray(3, 6));
    expect(Array.from(b)).toEqual([-2000 / 32768, 3000 / 32768]);
    expect(decoder.pendingBytes).toBe(0);
    const c = decoder.push(bytes.subarray(6));
    expect(Array.from(c)).toEqual([-4000 / 32768]);
  });

  it('keeps negative values whole when their sign byte arrives later', () => {
    const decoder = new PcmS16leDecoder();
    const values = [-1, -32768, -256, -255];
    const out = concat(Array.from(s16le(values), (byte) => decoder.push(Uint8Array.of(byte))));
    expect(Array.from(out)).toEqual(values.map((v) => v / 32768));
  });

  it('byte-by-byte feeding gives what feeding everything at once gives', () => {
    const bytes = s16le(randomInt16(1001, 2));
    const whole = new PcmS16leDecoder().push(bytes);
    const decoder = new PcmS16leDecoder();
    const parts = Array.from(bytes, (_, i) => decoder.push(bytes.subarray(i, i + 1)));
    expect(parts.filter((part) => part.length === 1)).toHaveLength(1001);
    expect(firstDifference(concat(parts), whole)).toBe(-1);
  });

  it('any cutting of the stream gives the same samples, and pendingBytes is the odd byte', () => {
    const next = random(3);
    const bytes = s16le(randomInt16(4000, 4));
    const whole = new PcmS16leDecoder().push(bytes);
    for (let trial = 0; trial < 20; trial++) {
      const cuts: number[] = [];
      for (let at = 0; ;) {
        at += Math.floor(next() * 300); // zero-length chunks included
        if (at >= bytes.length) break;
        cuts.push(at);
      }
      const decoder = new PcmS16leDecoder();
      const parts = feed(decoder, bytes, cuts);
      expect(firstDifference(concat(parts), whole)).toBe(-1);
      expect(decoder.pendingBytes).toBe(0);
      // After each chunk: as many samples as whole pairs of bytes so far.
      let seen = 0;
      [...cuts, bytes.length].forEach((end, i) => {
        seen += parts[i].length;
        expect(seen).toBe(end >> 1);
      });
    }
  });

  it('returns no samples for empty chunks and keeps the pending byte across them', () => {
    const decoder = new PcmS16leDecoder();
    expect(decoder.push(new Uint8Array(0))).toHaveLength(0);
    expect(decoder.pendingBytes).toBe(0);
    expect(decoder.push(Uint8Array.of(0x34))).toHaveLength(0);
    expect(decoder.push(new Uint8Array(0))).toHaveLength(0);
    expect(decoder.push(Buffer.alloc(0))).toHaveLength(0);
    expect(decoder.pendingBytes).toBe(1);
    expect(Array.from(decoder.push(Uint8Array.of(0x12)))).toEqual([0x1234 / 32768]);
  });

  it('reads only its view of the buffer, at odd and even byte offsets', () => {
    const values = randomInt16(64, 5);
    const expected = int16ToFloat(values);
    for (const offset of [0, 1, 2, 3]) {
      // Sentinel bytes (0x7f, far from any value's pattern) around the view.
      const backing = new Uint8Array(offset + values.length * 2 + 5).fill(0x7f);
      backing.set(s16le(values), offset);
      const chunk = backing.subarray(offset, offset + values.length * 2);
      expect(new PcmS16leDecoder().push(chunk)).toEqual(expected);
      // The same bytes as a Buffer over the same memory, as `ws` hands them over.
      const buffer = Buffer.from(backing.buffer, offset, values.length * 2);
      expect(new PcmS16leDecoder().push(buffer)).toEqual(expected);
    }
  });

  it('reads pooled Buffers at odd offsets after a carried byte', () => {
    const values = randomInt16(300, 6);
    const bytes = s16le(values);
    const decoder = new PcmS16leDecoder();
    const parts: Float32Array[] = [];
    const lengths = [37, 52, 15, 2, 1, 64];
    for (let at = 0, i = 0; at < bytes.length; i++) {
      const length = Math.min(bytes.length - at, lengths[i % lengths.length]);
      // allocUnsafe takes small Buffers from a shared pool, at arbitrary offsets.
      const chunk = Buffer.allocUnsafe(length);
      chunk.set(bytes.subarray(at, at + length));
      parts.push(decoder.push(chunk));
      at += length;
    }
    expect(concat(parts)).toEqual(int16ToFloat(values));
  });

  it('leaves the chunk untouched and owes it nothing once push returns', () => {
    const bytes = s16le([100, -100, 200]);
    const chunk = bytes.slice(0, 5);
    const decoder = new PcmS16leDecoder();
    const out = decoder.push(chunk);
    expect(chunk).toEqual(bytes.subarray(0, 5));
    chunk.fill(0xee); // the caller reuses its buffer
    expect(Array.from(out)).toEqual([100 / 32768, -100 / 32768]);
    expect(Array.from(decoder.push(bytes.subarray(5)))).toEqual([200 / 32768]);
  });

  it('reset() drops the pending byte', () => {
    const decoder = new PcmS16leDecoder();
    decoder.push(Uint8Array.of(1, 2, 3));
    expect(decoder.pendingBytes).toBe(1);
    decoder.reset();
    expect(decoder.pendingBytes).toBe(0);
    expect(Array.from(decoder.push(s16le([-7])))).toEqual([-7 / 32768]);
  });
});

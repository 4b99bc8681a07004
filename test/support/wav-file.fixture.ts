/**
 * WAV files written byte by byte, for the cases sox cannot make, and the check of a refusal:
 * shared by the WAV decoder's specs (src/audio/wav-decoder*.spec.ts).
 */
import { expect } from '@jest/globals';
import {
  AudioDecodeError,
  type AudioDecodeReason,
  decodeWav,
} from '../../src/audio/wav-decoder.js';

/** Checks that decodeWav refuses `bytes` for `reason`, in a readable message; returns the error. */
export function expectDecodeError(bytes: Uint8Array, reason: AudioDecodeReason, message?: RegExp) {
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

export interface WavSpec {
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

export const GUID_TAIL = [
  0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];

export function chunk(id: string, body: Uint8Array, pad = true): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(pad ? body.length & 1 : 0)]);
}

export function fmtChunk(spec: Omit<WavSpec, 'data'>): Buffer {
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

export function riff(chunks: Uint8Array[], magic = 'RIFF'): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write(magic, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

export const wav = (spec: WavSpec) => riff([fmtChunk(spec), chunk('data', spec.data)], spec.magic);

export function bytesOf(kind: 'i16' | 'i32' | 'f32' | 'f64', values: number[]): Uint8Array {
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

export function int24(values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 3);
  values.forEach((value, i) => {
    out[i * 3] = value & 0xff;
    out[i * 3 + 1] = (value >> 8) & 0xff;
    out[i * 3 + 2] = (value >> 16) & 0xff;
  });
  return out;
}

/** The valid WAV files the audio fuzz starts from: small ones of every layout, and speech. */
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('../../fixtures/audio/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

export interface Chunk {
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

/**
 * WAV encoding: RIFF PCM 16-bit mono, the format of every WAV the service returns
 * (decisions §2: synthesis answers `audio/wav`, RIFF PCM 16-bit mono).
 *
 * Float samples map to 16-bit by × 32768, rounded and clamped to -32768..32767, the inverse of
 * the decoder's ÷ 32768: a 16-bit file decoded and encoded again comes back bit for bit, and
 * +1.0 clamps to 32767.
 */

const HEADER_BYTES = 44;

/** Float samples (-1..1; beyond clamps, NaN gives 0) to 16-bit integers. */
export function floatToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = toInt16(samples[i]);
  return out;
}

/** 16-bit integers to floats in -1..1 (÷ 32768), as the decoder reads them. */
export function int16ToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i] / 32768;
  return out;
}

function toInt16(value: number): number {
  const scaled = Math.round(value * 32768);
  if (scaled > 32767) return 32767;
  if (scaled < -32768) return -32768;
  return scaled || 0; // NaN (and -0) → 0
}

/**
 * A complete RIFF/WAVE file: 44-byte header (fmt PCM, 1 channel, 16 bits) and the samples.
 * Float input is clamped and rounded; Int16Array input is written as is.
 */
export function encodeWav(samples: Float32Array | Int16Array, sampleRate: number): Buffer {
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 0x7fffffff) {
    throw new RangeError(`sampleRate must be a positive integer, got ${sampleRate}`);
  }
  const dataBytes = samples.length * 2;
  if (HEADER_BYTES - 8 + dataBytes > 0xffffffff) {
    throw new RangeError(`${samples.length} samples do not fit in a WAV file (4 GiB at most)`);
  }
  const buffer = Buffer.alloc(HEADER_BYTES + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(HEADER_BYTES - 8 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);

  const view = new DataView(buffer.buffer, buffer.byteOffset + HEADER_BYTES, dataBytes);
  if (samples instanceof Int16Array) {
    for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i], true);
  } else {
    for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, toInt16(samples[i]), true);
  }
  return buffer;
}

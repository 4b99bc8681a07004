/** Sample frames of any accepted format to mono floats. */

import type { WavFormat } from './wav-format.js';

/** Averages the channels of `frames` frames starting at `start` into -1..1 floats. */
export function readSamples(
  bytes: Uint8Array,
  view: DataView,
  start: number,
  frames: number,
  fmt: WavFormat,
): Float32Array {
  const { channels, kind, blockAlign } = fmt;
  const out = new Float32Array(frames);
  const width = blockAlign / channels;
  let scale: number;
  let read: (position: number) => number;
  switch (kind) {
    case 'u8':
      scale = 1 / 128;
      read = (p) => bytes[p] - 128;
      break;
    case 's16':
      scale = 1 / 32768;
      read = (p) => view.getInt16(p, true);
      break;
    case 's24':
      scale = 1 / 8388608;
      read = (p) => ((bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16)) << 8) >> 8;
      break;
    case 's32':
      scale = 1 / 2147483648;
      read = (p) => view.getInt32(p, true);
      break;
    case 'f32':
    case 'f64': {
      scale = 1;
      const get =
        kind === 'f32'
          ? (p: number) => view.getFloat32(p, true)
          : (p: number) => view.getFloat64(p, true);
      // NaN or infinity would poison the resampler and the VAD: count them as silence.
      read = (p) => {
        const value = get(p);
        return Number.isFinite(value) ? value : 0;
      };
      break;
    }
  }
  const factor = scale / channels;
  let position = start;
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++, position += width) sum += read(position);
    const value = sum * factor;
    out[frame] = value > 1 ? 1 : value < -1 ? -1 : value;
  }
  return out;
}

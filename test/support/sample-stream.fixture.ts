/** Helpers shared by the stream specs: reproducible random input and exact comparison. */
import { mulberry32 } from './mulberry32.js';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export const random = mulberry32;

export { concatSamples as concat } from '../../src/audio/concat-samples.js';

/** Index of the first sample where `a` and `b` differ (lengths included), or -1. */
export function firstDifference(a: Float32Array, b: Float32Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (!Object.is(a[i], b[i])) return i;
  return a.length === b.length ? -1 : length;
}

/** Helpers shared by the stream specs: reproducible random input and exact comparison. */

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Index of the first sample where `a` and `b` differ (lengths included), or -1. */
export function firstDifference(a: Float32Array, b: Float32Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (!Object.is(a[i], b[i])) return i;
  return a.length === b.length ? -1 : length;
}

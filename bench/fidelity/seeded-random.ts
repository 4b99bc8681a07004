import { mulberry32 } from '../../test/support/mulberry32.js';

/** FNV-1a hash of a string: the seed of an entry's choices, stable across runs and machines. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A generator of numbers in [0, 1) from a seed (mulberry32): the same text, the same choices. */
export function seededRandom(seed: string): () => number {
  return mulberry32(hashOf(seed));
}

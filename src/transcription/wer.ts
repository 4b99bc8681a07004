/**
 * Word error rate, for tests and benchmarks of the recognizers: the word-level Levenshtein
 * distance between a reference and a hypothesis, divided by the number of reference words.
 */

import { words } from './words.js';

/** The words compared (words.ts), for the benchmarks and tests that import them from here. */
export { words };

/** Substitutions + deletions + insertions turning the reference words into the hypothesis words. */
export function wordDistance(reference: string, hypothesis: string): number {
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = previous[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j] + 1, current[j - 1] + 1));
    }
    previous = current;
  }
  return previous[hyp.length];
}

/** wordDistance / reference words; an empty reference gives 0 for an empty hypothesis, else 1. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const n = words(reference).length;
  if (n === 0) return words(hypothesis).length === 0 ? 0 : 1;
  return wordDistance(reference, hypothesis) / n;
}

/**
 * The readings of a sentence the phrase matcher tries, and the bags of words it compares: a
 * reading takes some of the values recognized in the sentence as the phrase's variables.
 */

/** More values than this in one sentence: only readings with few variables are tried. */
const MAX_SPANS_FOR_ALL_READINGS = 8;

/** Which recognized values a reading takes as variables: every subset, or the small ones. */
export function* readings(spans: readonly number[]): Generator<number[]> {
  if (spans.length <= MAX_SPANS_FOR_ALL_READINGS) {
    for (let mask = 0; mask < 1 << spans.length; mask++) {
      yield spans.filter((_, k) => mask & (1 << k));
    }
    return;
  }
  yield [];
  for (let a = 0; a < spans.length; a++) {
    yield [spans[a]];
    for (let b = a + 1; b < spans.length; b++) yield [spans[a], spans[b]];
  }
}

/** The values of a text, in the order they are said. */
export const valueOrder = (tokens: readonly string[]) =>
  tokens.filter((t) => t.startsWith('v:')).join(' ');

export function bag(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

export function sameBag(a: Map<string, number>, b: Map<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [token, count] of a) if (b.get(token) !== count) return false;
  return true;
}

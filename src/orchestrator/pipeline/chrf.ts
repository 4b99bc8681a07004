/**
 * chrF: character n-gram F-score (Popović 2015, "chrF: character n-gram F-score for automatic MT
 * evaluation"), as sacrebleu 2.x computes it at sentence level with its defaults
 * (`CHRF(char_order=6, word_order=0, beta=2, lowercase=False, whitespace=False,
 * eps_smoothing=False)`), scaled to 0..1 instead of 0..100.
 *
 * For each order n = 1..6, the character n-grams of both strings are counted (whitespace removed
 * first); matches are the clipped overlap (min of the two counts per n-gram). Precision and recall
 * are averaged over the orders where both strings have at least one n-gram (sacrebleu's
 * "effective order": a 3-character string still scores on orders 1..3), then combined as
 * F_β = (1 + β²)·P·R / (β²·P + R). No order in common, or no match at all, gives 0.
 *
 * So: identical non-empty strings give 1; an empty string (or whitespace only) against anything
 * gives 0, and so do two empty strings, exactly as sacrebleu (there is nothing to match).
 *
 * One deliberate difference from sacrebleu: strings are NFC-normalized first, so a composed `é`
 * and `e` + combining acute compare equal. As in Python, n-grams are sequences of code points,
 * never UTF-16 code units (an emoji or a CJK extension character is one character), and
 * whitespace is what Python's `str.split()` splits on. Case-sensitive by default.
 */

export interface ChrFOptions {
  /** Highest character n-gram order; sacrebleu's `char_order`. Default 6. */
  readonly charOrder?: number;
  /** Weight of recall against precision; sacrebleu's `beta`. Default 2. */
  readonly beta?: number;
  /** Compare lowercased strings; sacrebleu's `lowercase`. Default false. */
  readonly lowercase?: boolean;
  /** Keep whitespace in the n-grams; sacrebleu's `whitespace`. Default false. */
  readonly whitespace?: boolean;
}

const DEFAULT_CHAR_ORDER = 6;
const DEFAULT_BETA = 2;

/** The characters Python's `str.split()` (no argument) treats as whitespace. */
const PYTHON_WHITESPACE: ReadonlySet<string> = new Set(
  '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006' +
    '\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000',
);

/** chrF of `hypothesis` against `reference`, 0..1 (1: identical). */
export function chrF(hypothesis: string, reference: string, options: ChrFOptions = {}): number {
  return fScore(statistics(hypothesis, reference, options), beta(options));
}

/**
 * Corpus-level chrF of hypothesis/reference pairs, 0..1, as sacrebleu's `corpus_score`: the
 * n-gram counts of every pair are added up first, then one score is computed from the sums (so a
 * long sentence weighs more than a short one, and a pair with no n-gram of some order still counts
 * on the others).
 */
export function corpusChrF(
  pairs: Iterable<{ readonly hypothesis: string; readonly reference: string }>,
  options: ChrFOptions = {},
): number {
  let sum: OrderStatistics[] | undefined;
  for (const { hypothesis, reference } of pairs) {
    const stats = statistics(hypothesis, reference, options);
    sum = sum
      ? sum.map((s, i) => ({
          matches: s.matches + stats[i].matches,
          hypTotal: s.hypTotal + stats[i].hypTotal,
          refTotal: s.refTotal + stats[i].refTotal,
        }))
      : stats;
  }
  return sum ? fScore(sum, beta(options)) : 0;
}

/** The counts of one n-gram order: clipped matches and the n-grams on each side. */
interface OrderStatistics {
  matches: number;
  hypTotal: number;
  refTotal: number;
}

function beta(options: ChrFOptions): number {
  const value = options.beta ?? DEFAULT_BETA;
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`beta must be a finite number ≥ 0, got ${value}`);
  }
  return value;
}

/** Counts for each order 1..charOrder (an order longer than a string counts zero n-grams). */
function statistics(
  hypothesis: string,
  reference: string,
  options: ChrFOptions,
): OrderStatistics[] {
  const order = options.charOrder ?? DEFAULT_CHAR_ORDER;
  if (!Number.isInteger(order) || order < 1) {
    throw new RangeError(`charOrder must be a positive integer, got ${order}`);
  }
  const hyp = characters(hypothesis, options);
  const ref = characters(reference, options);
  const out: OrderStatistics[] = [];
  for (let n = 1; n <= order; n++) {
    const hypTotal = Math.max(0, hyp.length - n + 1);
    const refTotal = Math.max(0, ref.length - n + 1);
    const matches =
      hypTotal > 0 && refTotal > 0 ? clippedMatches(ngrams(hyp, n), ngrams(ref, n)) : 0;
    out.push({ matches, hypTotal, refTotal });
  }
  return out;
}

/**
 * F_β from the counts: precision and recall averaged over the orders where both sides have at
 * least one n-gram (sacrebleu's "effective order").
 */
function fScore(stats: readonly OrderStatistics[], betaValue: number): number {
  let precisionSum = 0;
  let recallSum = 0;
  let effectiveOrder = 0;
  for (const { matches, hypTotal, refTotal } of stats) {
    if (hypTotal <= 0 || refTotal <= 0) continue; // sacrebleu: the order does not count
    precisionSum += matches / hypTotal;
    recallSum += matches / refTotal;
    effectiveOrder++;
  }
  if (effectiveOrder === 0) return 0;
  const precision = precisionSum / effectiveOrder;
  const recall = recallSum / effectiveOrder;
  if (precision + recall === 0) return 0;
  const betaSquare = betaValue * betaValue;
  return ((1 + betaSquare) * precision * recall) / (betaSquare * precision + recall);
}

/** The string as code points: NFC, optionally lowercased, whitespace removed unless kept. */
function characters(text: string, options: ChrFOptions): string[] {
  let normalized = text.normalize('NFC');
  if (options.lowercase) normalized = normalized.toLowerCase();
  const chars = Array.from(normalized);
  return options.whitespace ? chars : chars.filter((c) => !PYTHON_WHITESPACE.has(c));
}

/** Counts of the n-grams of `chars`, each keyed by its code points joined. */
function ngrams(chars: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const key = n === 1 ? chars[i] : chars.slice(i, i + n).join('');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Σ min(count in hypothesis, count in reference) over the n-grams they share. */
function clippedMatches(hyp: Map<string, number>, ref: Map<string, number>): number {
  let matches = 0;
  for (const [gram, count] of hyp) {
    const other = ref.get(gram);
    if (other !== undefined) matches += Math.min(count, other);
  }
  return matches;
}

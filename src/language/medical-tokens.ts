/**
 * Numbers, doses and units in clinical text. Translation must leave them exactly as written
 * (`500 mg`, `39.5 °C`, `2 x/day`, `1-2 tablets`), so engines protect these spans and the service
 * checks that every number of the source is still in the translation.
 */

// Units written the same way in every language covered, so they are kept with their number.
const UNIT =
  String.raw`(?:[µμ]g|mcg|mg|ng|kg|g|mL|ml|dL|dl|L|l|mmol|µmol|mEq|mOsm|IU|UI|mmHg|cmH2O|bpm|kcal|°C|°F|°|%|cm|mm)` +
  String.raw`(?:\s?\/\s?(?:kg|m2|m²|L|l|dL|dl|mL|ml|min|h|24\s?h|d|day))?`;
// A dose frequency such as `2 x/day`, `3x/d`, `1x/24h`.
const FREQUENCY = String.raw`\s?[x×]\s?\/\s?(?:day|d|24\s?h|h|week|wk)`;
const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
const RANGE = String.raw`${NUMBER}(?:\s?(?:-|–|\/|to)\s?${NUMBER})?`;

const PROTECTED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${RANGE}(?:${FREQUENCY}|\s?${UNIT}(?![\p{L}\p{N}]))?`,
  'gu',
);
const NUMBER_TOKEN = /\d+(?:[.,]\d+)*/g;

export interface Span {
  readonly start: number;
  readonly end: number;
  /** What to write instead of the span's own text (a clinical term's translation). */
  readonly replacement?: string;
}

/** Spans of `text` that a translation must keep verbatim: numbers with their unit or frequency. */
export function protectedSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(PROTECTED)) {
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/** How often each number occurs in `text`. */
function countNumbers(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [token] of text.matchAll(NUMBER_TOKEN))
    counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** The numbers of `source` that `translation` lost or changed (as many times as they were lost). */
export function missingNumbers(source: string, translation: string): string[] {
  const kept = countNumbers(translation);
  const missing: string[] = [];
  for (const [token, count] of countNumbers(source)) {
    for (let i = kept.get(token) ?? 0; i < count; i++) missing.push(token);
  }
  return missing;
}

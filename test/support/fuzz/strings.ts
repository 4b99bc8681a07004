import * as fc from 'fast-check';

/**
 * Pieces of text that break naive string handling: combining marks, right-to-left and
 * bidi-override characters, zero-width characters, surrogate-pair emoji (one with ZWJ and a
 * variation selector), NUL and other controls, lone surrogates (JSON.stringify escapes them as
 * \ud800), BOM, line separators, quotes and backslashes, and template or markup syntax.
 */
export const UNUSUAL_UNITS: readonly string[] = [
  'a',
  'Z',
  '7',
  ' ',
  'é', // precomposed
  'e\u0301', // e + combining acute
  '\u0301\u0302\u0303', // combining marks with no base
  'Z\u0351\u0352\u0357\u035b\u0363\u0364', // "zalgo"
  '\u05e9\u05dc\u05d5\u05dd', // Hebrew
  '\u0645\u0631\u062d\u0628\u0627', // Arabic
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u200b', // zero-width space
  '\u200c', // zero-width non-joiner
  '\u200d', // zero-width joiner
  '\u2060', // word joiner
  '\ufeff', // byte order mark
  '\u00a0', // no-break space
  '\u3000', // ideographic space
  '\u2028', // line separator
  '\u2029', // paragraph separator
  '😀', // surrogate pair
  '👩\u200d⚕\ufe0f', // woman health worker: ZWJ sequence with a variation selector
  '🇫🇷', // regional indicators
  '𝔘𝔫𝔦', // mathematical letters (astral)
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\udc00\ud800', // reversed pair
  '\u0000', // NUL
  '\u0007', // bell
  '\u001b[31m', // ANSI escape
  '\r\n',
  '\t',
  '"',
  '\\',
  "'",
  '中文',
  '日本語',
  'ß',
  'İ',
  'ﬃ', // ligature: changes length when case-folded
  '\ufffd', // replacement character
  '\uffff', // noncharacter
  '<script>alert(1)</script>',
  '%s%n%d',
  '${process.exit()}',
  '{{7*7}}',
  '../../etc/passwd',
  '500 mg',
  '39.5 °C',
];

const unit = fc.constantFrom(...UNUSUAL_UNITS);

/** Text of up to `maxUnits` unusual pieces, or any code points (fast-check's own strings). */
export function unusualString(maxUnits = 24): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.array(unit, { maxLength: maxUnits }).map((parts) => parts.join('')),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: maxUnits }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: maxUnits }) },
  );
}

/**
 * A string of a length around `limit` (interface §8: 5000, 50000, 1000, 32…): empty, 1, the
 * limit and its neighbours, twice the limit, or anywhere below, made of one repeated unusual
 * piece (so a "character" may be several UTF-16 units: an emoji counts once for the validator).
 */
export function lengthAround(limit: number): fc.Arbitrary<string> {
  const length = fc.oneof(
    fc.constantFrom(0, 1, limit - 1, limit, limit + 1, limit + 2, limit * 2),
    fc.integer({ min: 0, max: limit + 10 }),
  );
  return fc
    .tuple(length, fc.constantFrom('a', ' ', 'é', 'e\u0301', '😀', '\u200b', '\ud800', 'ab '))
    .map(([n, piece]) => piece.repeat(Math.max(0, n)));
}

/** Whitespace-only text: passes a minimum length, holds nothing. */
export const blankString = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u200b', '\u3000', '\ufeff'), {
    minLength: 1,
    maxLength: 20,
  })
  .map((parts) => parts.join(''));

/** Short medical sentences: what a real client sends. */
export const MEDICAL_SENTENCES: readonly string[] = [
  'The patient has a fever.',
  'Take 500 mg of paracetamol 2 x/day.',
  'Do you have any allergies to medication?',
  'Le patient a de la fièvre depuis hier.',
  '¿Desde cuándo tiene fiebre?',
  'You have hypertension; take 5 mg of amlodipine daily.',
];

import { MIN_LETTERS, MIN_WORDS } from './identification-thresholds.js';

/** Scripts written without spaces between words: the word count means nothing there. */
const UNSEGMENTED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Han and kana are scored one character per token, as lid.176 was trained on spaced text. */
const SPACED_CHARACTER = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

/** A text as the identifier scores it, and whether it is long enough to tell. */
export interface Prepared {
  readonly text: string;
  readonly letters: number;
  readonly words: number;
  readonly longEnough: boolean;
}

/** A pattern matching a letter of any of `scripts` (Unicode short names), or undefined. */
export function scriptPattern(scripts: readonly string[]): RegExp | undefined {
  const known = [...new Set(scripts)].filter((script) => {
    try {
      new RegExp(`\\p{Script=${script}}`, 'u');
      return true;
    } catch {
      return false; // a subtag Unicode does not name (e.g. a private one)
    }
  });
  return known.length > 0
    ? new RegExp(known.map((script) => `\\p{Script=${script}}`).join('|'), 'u')
    : undefined;
}

/**
 * What lid.176 scores best: lower case (its pruned vocabulary is lower case: "Oui" is unknown,
 * "oui" is French), no punctuation or digits (they glue to words: "oui." is unknown), Han and
 * kana spaced out.
 */
export function prepare(raw: string): Prepared {
  const text = raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}'’-]+/gu, ' ')
    .replace(SPACED_CHARACTER, ' $1 ')
    .replace(/\s+/g, ' ')
    .trim();
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const words = text.split(' ').filter((token) => /\p{L}/u.test(token)).length;
  const longEnough = letters >= MIN_LETTERS && (words >= MIN_WORDS || UNSEGMENTED.test(text));
  return { text, letters, words, longEnough };
}

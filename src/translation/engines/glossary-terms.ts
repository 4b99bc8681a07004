import type { FixedTerm } from './translation-engine.js';

/**
 * The hospital glossary's terms as the remote engines enforce them: which of the terms found
 * are the glossary's, and whether a translation wrote each one's target form.
 */

// Scripts written without spaces between words: a term there is found inside the text as is.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}]`;

const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** The glossary's terms among the fixed terms of a request, in text order. */
export function glossaryTerms(fixedTerms: readonly FixedTerm[] = []): FixedTerm[] {
  return fixedTerms.filter((term) => term.source === 'glossary');
}

/**
 * One word of a target form. A word of four letters or more may change its last letter and take
 * up to three (planta → plantas, reparto → reparti, hospital → hospitales, enfermo → enferma):
 * the table maps every source form (`ward | wards`) to one target form, so a plural or feminine
 * source needs the inflected target. Shorter words (de, du, día) must be written as they are.
 */
function wordPattern(word: string): string {
  const letters = [...word];
  if (letters.length < 4 || !/\p{L}$/u.test(word)) return escape(word);
  return `${escape(letters.slice(0, -1).join(''))}\\p{L}{1,3}`;
}

/** The target form as a whole-word, case-insensitive pattern, tolerant of inflection unless not `inflected`. */
function formPattern(form: string, inflected: boolean): RegExp {
  const normalized = form.normalize('NFC').trim();
  if (UNSPACED.test(normalized)) return new RegExp(escape(normalized), 'iu');
  const words = normalized
    .split(/\s+/u)
    .map(inflected ? wordPattern : escape)
    .join(String.raw`\s+`);
  return new RegExp(`(?<!${WORD_CHAR})${words}(?!${WORD_CHAR})`, 'iu');
}

/**
 * Whether `translation` writes the target form of `term` (whole words, any case; inflected
 * unless `inflected` is false: exactly as the table writes it).
 */
export function writesTerm(translation: string, term: FixedTerm, inflected = true): boolean {
  return formPattern(term.replacement, inflected).test(translation.normalize('NFC'));
}

/** The terms whose target form `translation` does not write, once per target form. */
export function missingTerms(translation: string, terms: readonly FixedTerm[]): FixedTerm[] {
  const seen = new Set<string>();
  const missing: FixedTerm[] = [];
  for (const term of terms) {
    const form = term.replacement.normalize('NFC').toLowerCase();
    if (seen.has(form)) continue;
    seen.add(form);
    if (!writesTerm(translation, term)) missing.push(term);
  }
  return missing;
}

/**
 * `"planta" (glossary.tsv:2), "tórax" (glossary.tsv:3)`: the target forms and their rows, for
 * messages. Both come from the operator's glossary, never from the conversation.
 */
export function describeTerms(terms: readonly FixedTerm[]): string {
  return terms.map((term) => `"${term.replacement}" (${term.origin})`).join(', ');
}

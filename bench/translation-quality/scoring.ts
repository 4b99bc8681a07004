/**
 * What the translation-quality benchmark counts besides chrF: essential words kept, and words of
 * the pivot language (Spanish) left in another language's output.
 */

import { containsForm } from '../../src/orchestrator/pipeline/fidelity/words.js';

/**
 * Lowercased words (letters and digits, with inner hyphens), NFC. An apostrophe separates: the
 * elided article of "l'hypertension" or "dell'addome" is a word of its own.
 */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []
  );
}

/** How many essential words of the reference the output has (any accepted form of each). */
export function essentialFound(
  output: string,
  essential: readonly (readonly string[])[],
): { found: number; total: number; missing: string[] } {
  const tokens = words(output);
  const missing = essential.filter((forms) => !forms.some((f) => containsForm(tokens, f, words)));
  return {
    found: essential.length - missing.length,
    total: essential.length,
    missing: missing.map((forms) => forms[0]),
  };
}

/**
 * Words of the pivot text left in the output: in the Spanish intermediate, not in the source, not
 * a word the target language uses anywhere in the references (`targetVocabulary`), and at least
 * three letters (so that "no", "a", names of one syllable do not count).
 */
export function leakedPivotWords(
  output: string,
  pivot: string,
  source: string,
  targetVocabulary: ReadonlySet<string>,
): string[] {
  const pivotWords = new Set(words(pivot));
  const sourceWords = new Set(words(source));
  return words(output).filter(
    (w) =>
      w.length >= 3 &&
      /\p{L}/u.test(w) &&
      pivotWords.has(w) &&
      !sourceWords.has(w) &&
      !targetVocabulary.has(w),
  );
}

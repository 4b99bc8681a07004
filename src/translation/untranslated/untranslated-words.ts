import type { SpecialistVocabulary } from './specialist-vocabulary.js';

const SENTENCE_START = /(^|[.!?¿¡:;]\s*|\n\s*)$/u;

/** True when `word` appears in `text` capitalised after the start of its sentence: a name. */
function isName(word: string, text: string): boolean {
  if (!/^\p{Lu}/u.test(word)) return false;
  let index = text.indexOf(word);
  while (index >= 0) {
    if (!SENTENCE_START.test(text.slice(0, index))) return true;
    index = text.indexOf(word, index + word.length);
  }
  return false;
}

/**
 * The words an engine could not translate that the listener must be told about. Kept silently:
 * numbers (and words with digits, already checked), names (capitalised inside a sentence), and
 * specialist medical terms such as drug names, which read the same in the five languages. Any
 * other unknown word is a word of the wrong language in the translation ("rester à jeun" →
 * "remain to jeun"): reported, once each, in the order given.
 */
export function untranslatedWords(
  unknown: readonly string[],
  translation: string,
  vocabulary: SpecialistVocabulary,
): string[] {
  const reported = new Set<string>();
  for (const word of unknown) {
    if (/\p{N}/u.test(word) || !/\p{L}/u.test(word)) continue;
    if (isName(word, translation) || vocabulary.has(word)) continue;
    reported.add(word);
  }
  return [...reported];
}

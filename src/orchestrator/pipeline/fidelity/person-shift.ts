import { wordsOf } from './words.js';

/**
 * Third-person pronouns, by ISO 639-1 language: the ones a translation writes when it loses who
 * is meant ("Può dirmi la sua data di nascita?" → "Il peut me dire…": he, not you; "Toma
 * enalapril" → "He takes…"). Italian "lei" (also the formal you) and the impersonal "it" are
 * left out.
 */
const THIRD_PERSON: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['he', 'she', 'him', 'his', 'her', 'hers', 'they', 'them', 'their']),
  es: new Set(['él', 'ella', 'ellos', 'ellas']),
  fr: new Set(['il', 'elle', 'ils', 'elles', 'lui', 'eux']),
  pt: new Set(['ele', 'ela', 'eles', 'elas', 'dele', 'dela']),
  it: new Set(['lui', 'egli', 'esso', 'essa', 'loro']),
};

const thirdPersonCount = (text: string, language: string): number => {
  const pronouns = THIRD_PERSON[language];
  return pronouns ? wordsOf(text).filter((w) => pronouns.has(w)).length : 0;
};

/**
 * How many more third-person pronouns the translation has than what was said: a "you" (Italian
 * "Lei", Spanish "usted", Portuguese "o senhor") or an "I" that came out as "he", "she" or "il".
 * On the development set's judged translations, one or more flags a wrong one 3 times in 5
 * (docs/benchmarks.md). 0 for a language without a list.
 */
export function personShift(
  source: string,
  sourceLanguage: string,
  translation: string,
  targetLanguage: string,
): number {
  return Math.max(
    0,
    thirdPersonCount(translation, targetLanguage) - thirdPersonCount(source, sourceLanguage),
  );
}

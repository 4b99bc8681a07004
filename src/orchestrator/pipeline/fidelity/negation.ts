import { wordsOf } from './words.js';

/**
 * The words that negate a clause, by ISO 639-1 language. Only those that negate the verb itself
 * are counted ("no", not "nada"), so that a double negative ("No debe comer nada", "Vous ne devez
 * rien manger") counts once, as its English "You must not eat anything" does.
 */
const NEGATORS: Readonly<Record<string, ReadonlySet<string>>> = {
  // "t" is what is left of n't ("don't" → "don", "t").
  en: new Set(['not', 'never', 'no', 'cannot', 't']),
  es: new Set(['no', 'nunca', 'jamás', 'tampoco']),
  // "n" is the elided ne ("n'avez"). Spoken French often drops ne: then pas or jamais count.
  fr: new Set(['ne', 'n']),
  pt: new Set(['não', 'nunca', 'jamais']),
  it: new Set(['non']),
};
const FRENCH_WITHOUT_NE = new Set(['pas', 'jamais']);

/** How many clauses of `text` are negated, as far as its negation words tell; 0 if unknown. */
export function negationCount(text: string, language: string): number {
  const negators = NEGATORS[language];
  if (!negators) return 0;
  const words = wordsOf(text);
  const count = words.filter((w) => negators.has(w)).length;
  if (language === 'fr' && count === 0) return words.filter((w) => FRENCH_WITHOUT_NE.has(w)).length;
  return count;
}

/** The negation words of each language, for the benchmark that removes them. */
export function negators(language: string): ReadonlySet<string> {
  return NEGATORS[language] ?? new Set();
}

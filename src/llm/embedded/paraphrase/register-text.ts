/**
 * What the register rewritings share: the languages they cover, word boundaries for their
 * patterns (letters, marks and digits are word characters), sentences, and letter case.
 */

export type Language = 'en' | 'fr' | 'es';

export const L = String.raw`[\p{L}\p{M}\p{N}]`;
/** Not after a word character (the start of a word). */
export const B = String.raw`(?<!${L})`;
/** Not before a word character (the end of a word). */
export const E = String.raw`(?!${L})`;
/** An apostrophe, straight or curly. */
export const AP = `['’]`;
/** One sentence with its closing punctuation and the spaces after it. */
export const SENTENCES = /(?:[^.!?]|[.!?](?![\s.!?]|$))+[.!?]*\s*/gu;

const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/iu;
const H_ASPIRE = /^(?:hanche|hernie|haut|hoquet|handicap|hâte|honte|hurl|hache|hasard)/iu;

/** Whether a French word starts with a vowel sound (a mute h counts, an aspirated h not). */
export function startsWithVowelSound(word: string): boolean {
  if (VOWEL.test(word)) return true;
  return /^h/iu.test(word) && !H_ASPIRE.test(word);
}

/** `form` with the first letter upper case when `original` starts with one. */
export function keepCase(original: string, form: string): string {
  return isUpper(original[0]) ? form[0].toUpperCase() + form.slice(1) : form;
}

export function isUpper(character: string): boolean {
  return character !== character.toLowerCase();
}

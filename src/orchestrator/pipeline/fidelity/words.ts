/**
 * Lowercased words of a text, NFC: runs of letters and digits. An apostrophe or hyphen separates,
 * so "don't" gives "don" and "t", "n'avez" gives "n" and "avez", "Avez-vous" gives "avez", "vous".
 */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Whether `form` (one word or several) stands in `words` as whole words, in order; `tokenize`
 * cuts `form` as `words` were cut.
 */
export function containsForm(
  words: readonly string[],
  form: string,
  tokenize: (text: string) => string[] = wordsOf,
): boolean {
  const wanted = tokenize(form);
  if (wanted.length === 0) return false;
  for (let i = 0; i + wanted.length <= words.length; i++) {
    if (wanted.every((w, k) => words[i + k] === w)) return true;
  }
  return false;
}

/**
 * A crude stem, for matching a term in its plural or without its accents: diacritics removed,
 * then a plural -es or -s, then a final vowel. "riñones" and "riñón", "reni" and "rene", "kidneys"
 * and "kidney" meet; words of three letters or fewer are kept whole.
 */
export function stemOf(word: string): string {
  const bare = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (bare.length <= 3) return bare;
  return bare.replace(/(?:es|s)$/, '').replace(/[aeiou]$/, '');
}

/** Like containsForm, word by word on stems; `stems` are the text's words through stemOf. */
export function containsStemmedForm(stems: readonly string[], form: string): boolean {
  return containsForm(stems, wordsOf(form).map(stemOf).join(' '));
}

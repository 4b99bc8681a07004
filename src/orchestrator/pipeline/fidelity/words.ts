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

/** Whether `form` (one word or several) stands in `words` as whole words, in order. */
export function containsForm(words: readonly string[], form: string): boolean {
  const wanted = wordsOf(form);
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

/** Like containsForm, word by word on stems. */
export function containsStemmedForm(words: readonly string[], form: string): boolean {
  const stems = words.map(stemOf);
  return containsForm(stems, wordsOf(form).map(stemOf).join(' '));
}

/**
 * A sentence whose words the translation engine almost all left untranslated is not in the
 * language it was taken for: Haitian Creole or Somali typed into an English–Spanish session,
 * which the language identifiers cannot name (issue 30, item 3). Measured on the development set
 * (320 sentences × 20 directions through the embedded engine): the highest share of words left
 * untranslated was 0.5 ("Isso já aconteceu antes?" pt→it, two pivot leaks), 18 of 6,400 were at
 * 0.3 or more; Haitian Creole and Somali clinic sentences left 0.75 to 1.
 */

/** At least this share of the text's words left untranslated. */
export const OUTSIDE_UNTRANSLATED_SHARE = 0.7;
/** In a text of at least this many words: "Kopfweh" alone may be a name. */
export const OUTSIDE_MIN_WORDS = 3;

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);

/** Whether the engine left so many of `text`'s words untranslated that it is another language. */
export function mostlyUntranslated(text: string, untranslated: readonly string[]): boolean {
  const words = wordsOf(text).length;
  return words >= OUTSIDE_MIN_WORDS && untranslated.length / words >= OUTSIDE_UNTRANSLATED_SHARE;
}

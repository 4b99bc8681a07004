import type { PhraseLanguage } from '../phrase-language.js';

/** A vowel a French "de" / "que" elides before ("d'amoxicilline"; not "que oui", "de onze"). */
const VOWEL = '(?!oui|onze)[aeiouàâäéèêëîïôöùûüœæ]';

/**
 * Contractions a language writes where a phrase's words meet a value's: a value's forms carry
 * their article, so a preposition written in the phrase may land before it ("de" + "el
 * diazepam", "de" + "azithromycine"). Applied to every rendered text; the matcher expands them
 * again, so what it compares does not change.
 */
const RULES: Readonly<Record<PhraseLanguage, readonly (readonly [RegExp, string])[]>> = {
  en: [],
  es: [rule('([Dd])e el', '$1el'), rule('([Aa]) el', '$1l')],
  fr: [
    rule('([Dd])e le', '$1u'),
    rule('([Dd])e les', '$1es'),
    rule('à le', 'au'),
    rule('à les', 'aux'),
    rule(`([Dd])e (?=${VOWEL})`, "$1'", false),
    rule(`([Qq])ue (?=${VOWEL})`, "$1u'", false),
  ],
  'pt-BR': [],
  it: [],
};

/** Whole words only (\b does not know accented letters). */
function rule(words: string, replacement: string, endsWord = true): readonly [RegExp, string] {
  return [new RegExp(`(?<!\\p{L})${words}${endsWord ? '(?!\\p{L})' : ''}`, 'gu'), replacement];
}

export function withWrittenContractions(language: PhraseLanguage, text: string): string {
  let written = text;
  for (const [pattern, replacement] of RULES[language])
    written = written.replace(pattern, replacement);
  return written;
}

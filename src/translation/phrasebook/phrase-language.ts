import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';

/** The phrasebook's languages, by the key its data files use: each is a source and a target. */
export const PHRASE_LANGUAGES = ['en', 'es', 'fr', 'pt-BR', 'it'] as const;
export type PhraseLanguage = (typeof PHRASE_LANGUAGES)[number];

const BY_ISO_639_1: Readonly<Record<string, PhraseLanguage>> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  pt: 'pt-BR',
  it: 'it',
};

/** The phrasebook's key for a catalog language, or undefined when the phrasebook lacks it. */
export function phraseLanguageOf(language: CatalogLanguage): PhraseLanguage | undefined {
  return BY_ISO_639_1[language.iso6391];
}

export const isPhraseLanguage = (value: string): value is PhraseLanguage =>
  (PHRASE_LANGUAGES as readonly string[]).includes(value);

/** The patient's grammatical gender, when the handshake gives it: the phrases agree with it. */
export type PatientGender = 'female' | 'male' | undefined;

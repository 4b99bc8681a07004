import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';

/**
 * Languages the phrasebook speaks to a patient in but does not match (issue 32): a clinician
 * speaks one of the five phrase languages, and a patient in one of these reads the phrase written
 * in advance. No embedded engine translates them, so nothing else reaches the patient.
 */
export const TARGET_LANGUAGES = [
  'ar',
  'bn',
  'de',
  'fa',
  'fil',
  'hi',
  'ht',
  'ko',
  'pl',
  'ro',
  'ru',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh-Hans',
  'zh-Hant',
] as const;
export type TargetLanguage = (typeof TARGET_LANGUAGES)[number];

export const isTargetLanguage = (value: string): value is TargetLanguage =>
  (TARGET_LANGUAGES as readonly string[]).includes(value);

/** The phrasebook's key for a catalog language it only writes to, or undefined. */
export function targetLanguageOf(language: CatalogLanguage): TargetLanguage | undefined {
  if (language.iso6391 === 'zh') return language.code.endsWith('Hant') ? 'zh-Hant' : 'zh-Hans';
  // The catalog names Filipino by Tagalog, its base (tgl_Latn, tl).
  if (language.iso6391 === 'tl') return 'fil';
  return isTargetLanguage(language.iso6391) ? language.iso6391 : undefined;
}

/** Languages written without spaces between words: a joined time takes none either. */
export const UNSPACED: ReadonlySet<TargetLanguage> = new Set(['zh-Hans', 'zh-Hant']);

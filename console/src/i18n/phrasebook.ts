/**
 * The words the page says to the people at the bedside (not the clinician's controls): prompts,
 * the status both parties read, the patient's buttons, the end and connection screens. Each
 * language has a table in ./tables (English is the reference); a phrase a table lacks falls back
 * to English, visibly: the result says it is English, so the page marks it `lang="en"`.
 */
import { ENGLISH, type PhraseKey } from './english';
import { tableCodeOf, tableOf } from './tables';

export type { PhraseKey } from './english';

/** A phrase ready to put on the page: its text and the `lang`/`dir` of the element holding it. */
export interface Phrase {
  text: string;
  /** BCP 47 tag of the text (the table's language, e.g. es or zh-Hant, or `en` when it fell back). */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** True when the language has no table or no such phrase, and English is shown instead. */
  fallback: boolean;
}

/** Scripts written right to left, by primary language subtag (with or without a table). */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

const primary = (locale: string) => locale.split(/[-_]/)[0].toLowerCase();

export function directionOf(locale: string): 'ltr' | 'rtl' {
  const table = tableOf(locale);
  if (table) return table.rtl ? 'rtl' : 'ltr';
  return RIGHT_TO_LEFT.has(primary(locale)) ? 'rtl' : 'ltr';
}

/** Whether the page has its own words for that language (otherwise it speaks English there). */
export function hasPhrasebook(locale: string): boolean {
  return primary(locale) === 'en' || tableOf(locale) !== undefined;
}

/**
 * The phrase `key` in `locale`'s language, with `{name}` placeholders filled from `values`.
 * Tables are by language (es-MX and es-ES read the same page), Chinese by script.
 */
export function phrase(
  locale: string,
  key: PhraseKey,
  values: Record<string, string | number> = {},
): Phrase {
  const english = primary(locale) === 'en';
  const code = english ? 'en' : tableCodeOf(locale);
  const own = english ? ENGLISH[key] : tableOf(locale)?.phrases[key];
  const text = own ?? ENGLISH[key];
  const fallback = own === undefined;
  const lang = fallback ? 'en' : code;
  return {
    text: text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    ),
    lang,
    dir: directionOf(lang),
    fallback,
  };
}

/**
 * Every language the page speaks besides English, one file each, by the code of its table: the
 * primary language subtag, except Chinese, which has a table per script. A locale finds its
 * table through tableCodeOf(); one with none is shown in English, visibly (see ../phrasebook.ts).
 *
 * What is here: the languages a session can use with the embedded engines (GET /languages of the
 * service as it starts: en-US, es-ES, fr-FR, it-IT, pt-BR), and the languages most often
 * interpreted in hospitals, written as a professional medical interpreter would. Somali is not
 * here yet: without wording we trust, its readers see English rather than guesswork.
 */
import type { LanguageTable } from '../english';
import { ar } from './ar';
import { bn } from './bn';
import { de } from './de';
import { es } from './es';
import { fa } from './fa';
import { fil } from './fil';
import { fr } from './fr';
import { hi } from './hi';
import { ht } from './ht';
import { it } from './it';
import { ko } from './ko';
import { pl } from './pl';
import { pt } from './pt';
import { ro } from './ro';
import { ru } from './ru';
import { tr } from './tr';
import { uk } from './uk';
import { ur } from './ur';
import { vi } from './vi';
import { zhHans } from './zh-hans';
import { zhHant } from './zh-hant';

export const TABLES: Readonly<Record<string, LanguageTable>> = {
  ar,
  bn,
  de,
  es,
  fa,
  fil,
  fr,
  hi,
  ht,
  it,
  ko,
  pl,
  pt,
  ro,
  ru,
  tr,
  uk,
  ur,
  vi,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};

/** Other codes of a language that has a table. */
const ALIASES: Readonly<Record<string, string>> = {
  tl: 'fil', // Tagalog: Filipino is its standard form (the service's locale is fil-PH)
};

/** Regions whose Chinese is written in Traditional characters. */
const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/**
 * The code of the table for `locale` (es-MX → es, fil-PH → fil), whether or not a table exists.
 *
 * Chinese by script: an explicit script subtag decides (zh-Hant-*, zh-Hans-HK); without one,
 * Taiwan, Hong Kong and Macau read Traditional characters (zh-TW, zh-HK, zh-MO → zh-Hant), any
 * other Chinese locale Simplified (zh, zh-CN, zh-SG → zh-Hans). Cantonese (yue) and other
 * Chinese languages have no table: their written forms differ.
 */
export function tableCodeOf(locale: string): string {
  const [first, ...rest] = locale.toLowerCase().split(/[-_]/);
  const language = ALIASES[first] ?? first;
  if (language !== 'zh') return language;
  const script = rest.find((subtag) => subtag.length === 4);
  if (script === 'hant') return 'zh-Hant';
  if (script === 'hans') return 'zh-Hans';
  return rest.some((subtag) => TRADITIONAL_REGIONS.has(subtag)) ? 'zh-Hant' : 'zh-Hans';
}

/** The table for `locale`, if the page has one. */
export function tableOf(locale: string): LanguageTable | undefined {
  const code = tableCodeOf(locale);
  return Object.hasOwn(TABLES, code) ? TABLES[code] : undefined;
}

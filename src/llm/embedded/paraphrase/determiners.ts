/** The determiner before a replaced noun, fixed to the new noun's gender, number and first sound. */
import type { NounGender } from './lexicon-entry.js';
import { type Language, B, AP, keepCase, startsWithVowelSound } from './register-text.js';

const FR_DETERMINER = new RegExp(
  String.raw`${B}(le|la|l${AP}|un|une|du|de\s+la|de\s+l${AP}|au|à\s+la|à\s+l${AP}|ce|cet|cette|mon|ma|ton|ta|son|sa)(\s*)$`,
  'iu',
);
const FR_FORMS: Record<string, readonly [string, string, string]> = {
  // masculine, feminine, before a vowel sound
  le: ['le', 'la', "l'"],
  la: ['le', 'la', "l'"],
  "l'": ['le', 'la', "l'"],
  un: ['un', 'une', ''],
  une: ['un', 'une', ''],
  du: ['du', 'de la', "de l'"],
  'de la': ['du', 'de la', "de l'"],
  "de l'": ['du', 'de la', "de l'"],
  au: ['au', 'à la', "à l'"],
  'à la': ['au', 'à la', "à l'"],
  "à l'": ['au', 'à la', "à l'"],
  ce: ['ce', 'cette', 'cet'],
  cet: ['ce', 'cette', 'cet'],
  cette: ['ce', 'cette', 'cet'],
  mon: ['mon', 'ma', 'mon'],
  ma: ['mon', 'ma', 'mon'],
  ton: ['ton', 'ta', 'ton'],
  ta: ['ton', 'ta', 'ton'],
  son: ['son', 'sa', 'son'],
  sa: ['son', 'sa', 'son'],
};
const FR_PLURAL: Record<string, string> = {
  le: 'les',
  la: 'les',
  "l'": 'les',
  un: 'des',
  une: 'des',
  du: 'des',
  'de la': 'des',
  "de l'": 'des',
  au: 'aux',
  'à la': 'aux',
  "à l'": 'aux',
  ce: 'ces',
  cet: 'ces',
  cette: 'ces',
  mon: 'mes',
  ma: 'mes',
  ton: 'tes',
  ta: 'tes',
  son: 'ses',
  sa: 'ses',
};
const FR_ELIDED = new RegExp(String.raw`${B}(d|qu|j|n|s|jusqu|lorsqu|puisqu)${AP}$`, 'iu');
const FR_ELIDABLE = new RegExp(String.raw`${B}(de|que|je|ne|se|jusque|lorsque|puisque)\s+$`, 'iu');

const EN_ARTICLE = new RegExp(String.raw`${B}(a|an)(\s+)$`, 'iu');
const ES_DETERMINER = new RegExp(
  String.raw`${B}(el|la|los|las|un|una|unos|unas|del|de\s+la|de\s+los|de\s+las|al|a\s+la|a\s+los|a\s+las|este|esta|estos|estas|ese|esa|esos|esas)(\s+)$`,
  'iu',
);
const ES_SETS: readonly (readonly [string, string, string, string])[] = [
  ['el', 'la', 'los', 'las'],
  ['un', 'una', 'unos', 'unas'],
  ['del', 'de la', 'de los', 'de las'],
  ['al', 'a la', 'a los', 'a las'],
  ['este', 'esta', 'estos', 'estas'],
  ['ese', 'esa', 'esos', 'esas'],
];
const ES_INDEX: Record<NounGender, number> = { m: 0, f: 1, mp: 2, fp: 3 };

/**
 * Adjusts the determiner just before a replacement to the replacement's gender, and French
 * elision (`l'`, `d'`, `qu'`…) to whether the replacement starts with a vowel sound.
 */
export function fixDeterminer(
  before: string,
  language: Language,
  gender: NounGender | undefined,
  replacement: string,
): string {
  if (language === 'en') {
    const article = EN_ARTICLE.exec(before);
    if (!article) return before;
    const an = /^[aeiou]/iu.test(replacement) && !/^(?:u[nst]i|eu|one|once)/iu.test(replacement);
    return before.slice(0, article.index) + keepCase(article[1], an ? 'an' : 'a') + article[2];
  }
  if (language === 'es') {
    if (!gender) return before;
    const match = ES_DETERMINER.exec(before);
    if (!match) return before;
    const word = match[1].toLowerCase().replace(/\s+/g, ' ');
    const set = ES_SETS.find((forms) => forms.includes(word));
    if (!set) return before;
    return replaceTail(before, match.index, match[1], set[ES_INDEX[gender]] + match[2]);
  }
  const vowel = startsWithVowelSound(replacement);
  const determiner = FR_DETERMINER.exec(before);
  if (determiner && (gender === 'mp' || gender === 'fp')) {
    const word = determiner[1].toLowerCase().replace(/\s+/g, ' ').replace('’', "'");
    return before.slice(0, determiner.index) + keepCase(determiner[1], `${FR_PLURAL[word]} `);
  }
  if (determiner) {
    const word = determiner[1].toLowerCase().replace(/\s+/g, ' ').replace('’', "'");
    const forms = FR_FORMS[word];
    const known = gender === 'm' || gender === 'f' ? gender : undefined;
    let form: string;
    if (vowel && forms[2]) form = forms[2];
    else if (known) form = forms[known === 'f' ? 1 : 0];
    else if (!vowel && (word.endsWith("'") || word === 'cet')) form = forms[0];
    else return before;
    const spaced = form.endsWith("'") ? form : form + ' ';
    return before.slice(0, determiner.index) + keepCase(determiner[1], spaced);
  }
  const elided = FR_ELIDED.exec(before);
  if (elided && !vowel) {
    return before.slice(0, elided.index) + elided[1] + 'e ';
  }
  const elidable = FR_ELIDABLE.exec(before);
  if (elidable && vowel) {
    return before.slice(0, elidable.index) + elidable[1].slice(0, -1) + "'";
  }
  return before;
}

function replaceTail(before: string, index: number, original: string, form: string): string {
  return before.slice(0, index) + keepCase(original, form);
}

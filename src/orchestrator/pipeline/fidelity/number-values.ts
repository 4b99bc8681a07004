import { wordsOf } from './words.js';

/**
 * Number words from two to twelve, by language: "Toma dos pastillas" has the number 2 as surely
 * as "2 pastillas". One is left out, as it is also the article ("un", "une", "um", "uno").
 */
const NUMBER_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'],
  es: ['dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce'],
  fr: ['deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze'],
  pt: ['dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze'],
  it: [
    'due',
    'tre',
    'quattro',
    'cinque',
    'sei',
    'sette',
    'otto',
    'nove',
    'dieci',
    'undici',
    'dodici',
  ],
};
// "Twice a day" is "dos veces al día"; Portuguese has a feminine two.
const EXTRA: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  en: { twice: 2 },
  pt: { duas: 2 },
};

const VALUES: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  Object.entries(NUMBER_WORDS).map(([language, words]) => [
    language,
    new Map([
      ...words.map((w, i): [string, number] => [w, i + 2]),
      ...Object.entries(EXTRA[language] ?? {}),
    ]),
  ]),
);

/** The number words of a language, for the benchmark that changes them. */
export function numberWords(language: string): ReadonlyMap<string, number> {
  return VALUES.get(language) ?? new Map();
}

/** The numbers of `text`, written in digits ("1,5" as 1.5) or in words, sorted. */
export function numberValues(text: string, language: string): number[] {
  const words = VALUES.get(language);
  const digits = [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')));
  const spelled = words ? wordsOf(text).flatMap((w) => (words.has(w) ? [words.get(w)!] : [])) : [];
  return [...digits, ...spelled].sort((a, b) => a - b);
}

/** Whether two texts (in their languages) have the same numbers, as many times each. */
export function sameNumbers(a: string, aLanguage: string, b: string, bLanguage: string): boolean {
  const x = numberValues(a, aLanguage);
  const y = numberValues(b, bLanguage);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

import type { PhraseLanguage } from '../phrase-language.js';

/** The forms a phrase may ask of a noun value ($body_part.of_the …); `bare` is `$body_part`. */
export const NOUN_FORMS = ['bare', 'the', 'of_the', 'to_the', 'in_the', 'a', 'have'] as const;
export type NounForm = (typeof NOUN_FORMS)[number];

export interface Agreement {
  readonly gender: 'm' | 'f';
  readonly plural: boolean;
}

export interface NounInLanguage {
  readonly forms: Readonly<Record<NounForm, string>>;
  readonly agreement: Agreement;
}

interface Article {
  readonly agreement: Agreement | { readonly gender?: undefined; readonly plural: boolean };
  readonly of: string;
  readonly to: string;
  readonly in: string;
  readonly a: string;
  /** French partitive (du, de la, de l', des): the object of "avoir". */
  readonly some?: string;
  /** No space after the article (l'). */
  readonly elided?: boolean;
}

const m = (plural = false) => ({ gender: 'm' as const, plural });
const f = (plural = false) => ({ gender: 'f' as const, plural });
const either = (plural: boolean) => ({ plural });

/** Definite articles of each Romance language and what they contract to with a preposition. */
const ARTICLES: Readonly<Record<Exclude<PhraseLanguage, 'en'>, Readonly<Record<string, Article>>>> =
  {
    es: {
      el: { agreement: m(), of: 'del', to: 'al', in: 'en el', a: 'un' },
      la: { agreement: f(), of: 'de la', to: 'a la', in: 'en la', a: 'una' },
      los: { agreement: m(true), of: 'de los', to: 'a los', in: 'en los', a: 'unos' },
      las: { agreement: f(true), of: 'de las', to: 'a las', in: 'en las', a: 'unas' },
    },
    fr: {
      le: { agreement: m(), of: 'du', to: 'au', in: 'dans le', a: 'un', some: 'du' },
      la: { agreement: f(), of: 'de la', to: 'à la', in: 'dans la', a: 'une', some: 'de la' },
      "l'": {
        agreement: either(false),
        of: "de l'",
        to: "à l'",
        in: "dans l'",
        a: '',
        some: "de l'",
        elided: true,
      },
      les: { agreement: either(true), of: 'des', to: 'aux', in: 'dans les', a: 'des', some: 'des' },
    },
    'pt-BR': {
      o: { agreement: m(), of: 'do', to: 'ao', in: 'no', a: 'um' },
      a: { agreement: f(), of: 'da', to: 'à', in: 'na', a: 'uma' },
      os: { agreement: m(true), of: 'dos', to: 'aos', in: 'nos', a: 'uns' },
      as: { agreement: f(true), of: 'das', to: 'às', in: 'nas', a: 'umas' },
    },
    it: {
      il: { agreement: m(), of: 'del', to: 'al', in: 'nel', a: 'un' },
      lo: { agreement: m(), of: 'dello', to: 'allo', in: 'nello', a: 'uno' },
      la: { agreement: f(), of: 'della', to: 'alla', in: 'nella', a: 'una' },
      "l'": { agreement: either(false), of: "dell'", to: "all'", in: "nell'", a: '', elided: true },
      i: { agreement: m(true), of: 'dei', to: 'ai', in: 'nei', a: 'dei' },
      gli: { agreement: m(true), of: 'degli', to: 'agli', in: 'negli', a: 'degli' },
      le: { agreement: f(true), of: 'delle', to: 'alle', in: 'nelle', a: 'delle' },
    },
  };

/** Thrown for a value whose definite form cannot be read; the loader adds file and line. */
export class NounFormError extends Error {}

/**
 * The forms of a noun value in one language, from its definite form ("el brazo", "l'épaule|f")
 * or, in English, its bare form ("arm"). `overrides` replace forms the article does not give
 * ("a fever", "mal à la tête").
 */
export function nounForms(
  language: PhraseLanguage,
  written: string,
  overrides: Partial<Record<NounForm, string>> = {},
): NounInLanguage {
  if (language === 'en') {
    // "feet|pl": a plural, for the words that agree with it ("Do your feet hurt?").
    const [bare, mark] = (overrides.bare ?? written).split('|');
    const forms: Record<NounForm, string> = {
      bare,
      the: `the ${bare}`,
      of_the: `of the ${bare}`,
      to_the: `to the ${bare}`,
      in_the: `in the ${bare}`,
      a: `${/^[aeiou]/i.test(bare) ? 'an' : 'a'} ${bare}`,
      have: bare,
    };
    return {
      forms: { ...forms, ...withoutGenderMarks(overrides), bare },
      agreement: m(mark === 'pl'),
    };
  }
  const [phrase, genderMark] = written.split('|').map((s) => s.trim());
  const articles = ARTICLES[language];
  const elided = /^(l')(.+)$/i.exec(phrase);
  const spaced = /^(\S+)\s+(.+)$/.exec(phrase);
  const [articleWord, noun] = elided
    ? [elided[1].toLowerCase(), elided[2]]
    : spaced
      ? [spaced[1].toLowerCase(), spaced[2]]
      : ['', ''];
  const article = articles[articleWord];
  if (!article) {
    throw new NounFormError(
      `"${written}" (${language}) does not start with a definite article (${Object.keys(articles).join(', ')}): write the noun with its article, e.g. "${Object.keys(articles)[0]} …".`,
    );
  }
  const gender = genderMark === 'm' || genderMark === 'f' ? genderMark : article.agreement.gender;
  if (gender === undefined) {
    throw new NounFormError(
      `"${written}" (${language}): after ${articleWord} say the gender, "${phrase}|m" or "${phrase}|f".`,
    );
  }
  const agreement = { gender, plural: article.agreement.plural };
  const join = (prefix: string) =>
    prefix === ''
      ? noun
      : article.elided && /'$/.test(prefix)
        ? `${prefix}${noun}`
        : `${prefix} ${noun}`;
  const indefinite =
    article.a !== ''
      ? article.a
      : language === 'it'
        ? gender === 'f'
          ? "un'"
          : 'un'
        : gender === 'f'
          ? 'une'
          : 'un';
  const forms: Record<NounForm, string> = {
    bare: noun,
    the: article.elided ? `${articleWord}${noun}` : `${articleWord} ${noun}`,
    of_the: join(article.of),
    to_the: join(article.to),
    in_the: join(article.in),
    a: indefinite.endsWith("'") ? `${indefinite}${noun}` : `${indefinite} ${noun}`,
    have: language === 'fr' ? join(article.some ?? '') : noun,
  };
  return { forms: { ...forms, ...withoutGenderMarks(overrides) }, agreement };
}

/** A form written in a map keeps its gender mark for the reader ("les vertiges|m"), not the text. */
function withoutGenderMarks(
  overrides: Partial<Record<NounForm, string>>,
): Partial<Record<NounForm, string>> {
  return Object.fromEntries(
    Object.entries(overrides).map(([form, text]) => [form, text.split('|')[0].trim()]),
  );
}

/** A sided value ("left arm"): the side adjective, agreeing with the noun. */
export function sidedNoun(
  language: PhraseLanguage,
  noun: NounInLanguage,
  side: 'left' | 'right',
): NounInLanguage {
  const { gender, plural } = noun.agreement;
  const index = (gender === 'f' ? 1 : 0) + (plural ? 2 : 0);
  const adjectives: Record<PhraseLanguage, Record<'left' | 'right', string[]>> = {
    en: { left: ['left'], right: ['right'] },
    es: {
      left: ['izquierdo', 'izquierda', 'izquierdos', 'izquierdas'],
      right: ['derecho', 'derecha', 'derechos', 'derechas'],
    },
    fr: {
      left: ['gauche', 'gauche', 'gauches', 'gauches'],
      right: ['droit', 'droite', 'droits', 'droites'],
    },
    'pt-BR': {
      left: ['esquerdo', 'esquerda', 'esquerdos', 'esquerdas'],
      right: ['direito', 'direita', 'direitos', 'direitas'],
    },
    it: {
      left: ['sinistro', 'sinistra', 'sinistri', 'sinistre'],
      right: ['destro', 'destra', 'destri', 'destre'],
    },
  };
  const words = adjectives[language][side];
  const adjective = words[Math.min(index, words.length - 1)];
  if (language === 'en') return nounForms('en', `${adjective} ${noun.forms.bare}`);
  const forms = Object.fromEntries(
    Object.entries(noun.forms).map(([form, text]) => [form, `${text} ${adjective}`]),
  ) as Record<NounForm, string>;
  return { forms, agreement: noun.agreement };
}

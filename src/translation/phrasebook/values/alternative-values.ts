import { PHRASE_LANGUAGES, type PhraseLanguage } from '../phrase-language.js';
import { NOUN_FORMS, type NounForm } from './noun-forms.js';
import { NOUN_TYPES, type PhraseValue, type ValueInLanguage } from './value-types.js';

/** "or" as each language writes it between alternatives. */
const OR: Readonly<Record<PhraseLanguage, string>> = {
  en: 'or',
  es: 'o',
  fr: 'ou',
  'pt-BR': 'ou',
  it: 'o',
};

/** The words that say "or" between alternatives, lowercase and without accents. */
const OR_WORDS: Readonly<Record<PhraseLanguage, ReadonlySet<string>>> = {
  en: new Set(['or']),
  es: new Set(['o', 'u']),
  fr: new Set(['ou']),
  'pt-BR': new Set(['ou']),
  it: new Set(['o', 'oppure']),
};

export const isOrWord = (word: string, language: PhraseLanguage) => OR_WORDS[language].has(word);

/** Whether values of this type may be said as alternatives ("fever or chills"). */
export const takesAlternatives = (value: PhraseValue) => NOUN_TYPES.has(value.type);

/**
 * Values of one type said as alternatives ("a fever or chills", "au bras ou à la jambe") as one
 * value: each form is the parts' forms joined by "or", so a phrase with one `$symptom` asks about
 * either ("Does your arm or leg hurt?", "¿Le duele el brazo o la pierna?").
 */
export function alternativeValue(parts: readonly PhraseValue[]): PhraseValue {
  const languages = {} as Record<PhraseLanguage, ValueInLanguage>;
  for (const language of PHRASE_LANGUAGES) {
    const each = parts.map((part) => part.languages[language]);
    const forms = {} as Record<NounForm, string>;
    for (const form of NOUN_FORMS) {
      forms[form] = joinAlternatives(
        each.map((part) => part.forms[form]),
        language,
      );
    }
    // Never agreed with: a phrase whose words agree with the value takes no alternatives.
    languages[language] = { forms, agreement: each[0].agreement, surfaces: [] };
  }
  return { type: parts[0].type, id: parts.map((part) => part.id).join('+'), languages, parts };
}

/** "a, b or c"; Spanish writes "u" before a word that sounds "o" ("dolor u hormigueo"). */
function joinAlternatives(texts: readonly string[], language: PhraseLanguage): string {
  const last = texts[texts.length - 1];
  const or = language === 'es' && /^h?o/i.test(last) ? 'u' : OR[language];
  return `${texts.slice(0, -1).join(', ')} ${or} ${last}`;
}

import type { PhraseLanguage } from '../phrase-language.js';
import { ENGLISH_RULES } from './rules/en.js';
import { SPANISH_RULES } from './rules/es.js';
import { FRENCH_RULES } from './rules/fr.js';
import { BRAZILIAN_PORTUGUESE_RULES } from './rules/pt-BR.js';
import { ITALIAN_RULES } from './rules/it.js';

/**
 * What the matcher may ignore or rewrite in each language before it compares an utterance with a
 * phrase. Every list is short on purpose: a word listed here can no longer tell two phrases
 * apart, so negations, persons, sides, numbers and tenses are never listed.
 */
export interface LanguageRules {
  /**
   * Stemmer of the snowball-stemmers package, for English only ("hurts", "hurting" → "hurt"):
   * in the Romance languages a verb's ending carries its tense and mood ("sente" / "sentiu",
   * "tossisce" / "tossisca"), which a stemmer would erase, so their words are compared whole.
   */
  readonly stemmer?: string;
  /** Contracted forms (one or more tokens, after lowercasing and accent removal) and what they stand for. */
  readonly contractions: Readonly<Record<string, string>>;
  /** Words that carry no content between a clinician and a patient here: articles, please, any. */
  readonly ignorable: ReadonlySet<string>;
  /** Openers of spoken questions ("okay, so", "can you tell me if"), removed at the start only. */
  readonly fillers: readonly string[];
  /** Closers ("please", "for me", "is that right"), removed at the end only. */
  readonly closers: readonly string[];
  /**
   * A question that starts with one of these words leaves out "do you have": "Any fever?" is
   * "Do you have any fever?". The words are put back before it is compared.
   */
  readonly elided: Readonly<Record<string, string>>;
  /** What a symptom said alone leaves out: "Fever?" / "¿Fiebre?" asks "Do you have a fever?". */
  readonly loneSymptom: string;
  /**
   * English asks by word order ("Do you …"), so a recognizer's period after a question does not
   * make it a statement; in the Romance languages only the punctuation tells "Tiene fiebre." from
   * "¿Tiene fiebre?".
   */
  readonly asksByWordOrder: boolean;
  /** Number words that are articles as well ("un", "a"): never read as numbers. */
  readonly articleNumbers: ReadonlySet<string>;
  /** to-words locale for number words. */
  readonly numberLocale: string;
  /** Prepositions: never stemmed, and loosened before a variable when phrases are looked up. */
  readonly prepositions: ReadonlySet<string>;
  /**
   * Demonstratives: words, except before a symptom, where "this cough" is the patient's cough
   * ("How long have you had this cough?"); "this hospital" is not "hospital".
   */
  readonly demonstratives: ReadonlySet<string>;
  /**
   * Prepositions that say where a symptom is ("pins and needles in your feet"): one of these and
   * a body part at the end of a sentence may follow a phrase that names a symptom and no place.
   */
  readonly placePrepositions: ReadonlySet<string>;
  /**
   * Words whose accent alone tells them from another word the matcher ignores, kept with it:
   * Spanish "él" (he) is not "el" (the), so "¿Él está respirando?" is not "¿Está respirando?".
   */
  readonly accentedWords: ReadonlySet<string>;
  /**
   * Openers only when a comma follows them: "Right, are you allergic to anything?" opens with
   * "right", "Right arm?" does not; Brazilian "Tá, pode deitar" opens with "tá", "Tá doendo?" is
   * "está".
   */
  readonly commaOpeners: ReadonlySet<string>;
}

/** Each phrasebook language's rules, one file each in rules/. */
export const LANGUAGE_RULES: Readonly<Record<PhraseLanguage, LanguageRules>> = {
  en: ENGLISH_RULES,
  es: SPANISH_RULES,
  fr: FRENCH_RULES,
  'pt-BR': BRAZILIAN_PORTUGUESE_RULES,
  it: ITALIAN_RULES,
};

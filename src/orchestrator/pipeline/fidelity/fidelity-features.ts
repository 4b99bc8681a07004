import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';
import { chrF } from '../chrf.js';
import { type ClinicalTermFinder, termDisagreements } from './clinical-term-agreement.js';
import { negationCount } from './negation.js';
import { personShift } from './person-shift.js';
import { sameNumbers } from './number-values.js';
import { endsUnfinished } from './sentence-ending.js';
import { wordsOf } from './words.js';

/** A translation to judge: what was said, its translation, and the translation back. */
export interface FidelityInput {
  readonly source: string;
  readonly translation: string;
  readonly backTranslation: string;
  readonly sourceLanguage: CatalogLanguage;
  readonly targetLanguage: CatalogLanguage;
  /** Words of the source the engine left untranslated (TranslationService's `untranslated`). */
  readonly untranslatedWords?: readonly string[];
}

/** What the fidelity model looks at: the round trip, and what chrF does not see. */
export interface FidelityFeatures {
  /** chrF of the back-translation against the source, 0..1 (the score before calibration). */
  readonly roundTripChrF: number;
  /** Clinical terms (terminology table) one of source and translation has and the other lacks. */
  readonly termDisagreements: number;
  /** 1 when the numbers of the source and the translation differ (digits, or words: "dos"). */
  readonly numbersDiffer: number;
  /** 1 when the source and the translation negate a different number of clauses. */
  readonly negationDiffers: number;
  /**
   * 1 when the translation or the source ends on an article, conjunction or preposition: the
   * sentence was cut off, and what reaches the listener is incomplete however faithful.
   */
  readonly unfinished: number;
  /** How much shorter the back-translation is than the source: max(0, −ln(letters ratio)). */
  readonly shortfall: number;
  /** The share of the source's words the engine left untranslated, 0..1. */
  readonly untranslatedShare: number;
  /** Third-person pronouns the translation has beyond the source's: "you" translated as "he". */
  readonly personShift: number;
}

export type FidelityFeatureName = keyof FidelityFeatures;

/**
 * The features of a translation. Checks a language has no word lists for (negation, number
 * words, sentence endings: en, es, fr, pt, it) read as agreeing, so they never raise an alarm.
 */
export function fidelityFeatures(
  input: FidelityInput,
  terminology: ClinicalTermFinder,
): FidelityFeatures {
  const { source, translation, backTranslation, sourceLanguage, targetLanguage } = input;
  const from = sourceLanguage.iso6391;
  const to = targetLanguage.iso6391;
  // Letters, not words: "Do you have chest pain?" comes back as "Has chest pain?", two words
  // fewer but a few letters. +4: a short sentence is not judged on one letter.
  const letters = (text: string) => wordsOf(text).join('').length + 4;
  return {
    roundTripChrF: chrF(backTranslation, source),
    termDisagreements: termDisagreements(
      terminology,
      source,
      sourceLanguage,
      translation,
      targetLanguage,
    ),
    numbersDiffer: flag(!sameNumbers(source, from, translation, to)),
    negationDiffers: flag(negationCount(source, from) !== negationCount(translation, to)),
    unfinished: flag(endsUnfinished(translation, to) || endsUnfinished(source, from)),
    shortfall: Math.max(0, -Math.log(letters(backTranslation) / letters(source))),
    untranslatedShare: Math.min(
      1,
      (input.untranslatedWords?.length ?? 0) / Math.max(1, wordsOf(source).length),
    ),
    personShift: personShift(source, from, translation, to),
  };
}

const flag = (condition: boolean) => (condition ? 1 : 0);

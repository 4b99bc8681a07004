import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';
import type { TermRow } from '../../../config/term-table.js';
import { containsStemmedForm, stemOf, wordsOf } from './words.js';

/**
 * Finds the clinical terms of a text, each with its forms in every language: the terminology the
 * translations follow (TranslationService.clinicalTerms; in tests, a ClinicalTerminology).
 */
export interface ClinicalTermFinder {
  find(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
  ): readonly { readonly row: TermRow }[];
}

/**
 * Clinical terms (the terminology table) that one text has and the other lacks, in both
 * directions: a term of the source whose target forms are all missing from the translation (a
 * dropped "chest"), and a term of the translation whose source forms are all missing from the
 * source (a "stomach" that was not said).
 */
export function termDisagreements(
  terminology: ClinicalTermFinder,
  source: string,
  sourceLanguage: CatalogLanguage,
  translation: string,
  targetLanguage: CatalogLanguage,
): number {
  return (
    missingTerms(terminology, source, sourceLanguage, translation, targetLanguage) +
    missingTerms(terminology, translation, targetLanguage, source, sourceLanguage)
  );
}

/** Terms of `text` none of whose forms in `otherLanguage` stands in `other`. */
function missingTerms(
  terminology: ClinicalTermFinder,
  text: string,
  language: CatalogLanguage,
  other: string,
  otherLanguage: CatalogLanguage,
): number {
  // Stemmed once, not once per form of every term.
  const otherStems = wordsOf(other).map(stemOf);
  return terminology.find(text, language, otherLanguage).filter((term) => {
    const forms = term.row.forms.get(otherLanguage.iso6391) ?? [];
    return !forms.some((form) => containsStemmedForm(otherStems, form));
  }).length;
}

/**
 * Structured summary by rules: reason for visit, symptoms and history, medications with doses,
 * allergies, vital signs and plan, read from English, French or Spanish clinical text (headed
 * notes such as `Allergies: …` and free prose with cue words). Every bullet is a verbatim piece of
 * the input, or its translation when the target language differs: nothing is invented.
 */
import type { CatalogLanguage } from '../../../language/catalog/catalog-language.js';
import { clean } from './clinical-spans.js';
import {
  emptySections,
  type Headings,
  renderSections,
  SECTION_ORDER,
  type SectionKey,
  extractSections,
} from './summary-sections.js';

/** What the summarizer needs of a catalog language. */
export type SummaryLanguageRef = Pick<CatalogLanguage, 'code' | 'iso6391' | 'name'>;

/** Translates `text` between two catalog codes (`fra_Latn`…): the translation service's job. */
export type TranslateFn = (text: string, sourceCode: string, targetCode: string) => Promise<string>;

/** Section headings per ISO 639-1 code; other targets get the English ones translated. */
export const HEADINGS: Readonly<Record<string, Headings>> = {
  en: {
    reason: 'Reason for visit',
    history: 'Symptoms and history',
    medications: 'Medications',
    allergies: 'Allergies',
    vitals: 'Vital signs',
    plan: 'Plan',
  },
  fr: {
    reason: 'Motif de consultation',
    history: 'Symptômes et antécédents',
    medications: 'Traitements',
    allergies: 'Allergies',
    vitals: 'Signes vitaux',
    plan: 'Conduite à tenir',
  },
  es: {
    reason: 'Motivo de consulta',
    history: 'Síntomas y antecedentes',
    medications: 'Medicación',
    allergies: 'Alergias',
    vitals: 'Signos vitales',
    plan: 'Plan',
  },
  de: {
    reason: 'Vorstellungsgrund',
    history: 'Symptome und Vorgeschichte',
    medications: 'Medikamente',
    allergies: 'Allergien',
    vitals: 'Vitalzeichen',
    plan: 'Procedere',
  },
  it: {
    reason: 'Motivo della visita',
    history: 'Sintomi e anamnesi',
    medications: 'Farmaci',
    allergies: 'Allergie',
    vitals: 'Parametri vitali',
    plan: 'Piano',
  },
  pt: {
    reason: 'Motivo da consulta',
    history: 'Sintomas e antecedentes',
    medications: 'Medicamentos',
    allergies: 'Alergias',
    vitals: 'Sinais vitais',
    plan: 'Plano',
  },
};

/** FLORES code of English, the source of headings translated for targets without a table. */
export const ENGLISH_CODE = 'eng_Latn';

/** Structured summaries in a target language, translating through an injected function. */
export class StructuredSummarizer {
  /**
   * Summarizes `text` (written in `source`) into sections written in `target`: headings from the
   * tables (translated from English for other targets), content translated when the languages differ.
   */
  async summarize(
    text: string,
    source: SummaryLanguageRef,
    target: SummaryLanguageRef,
    translate: TranslateFn,
  ): Promise<string> {
    const sections = extractSections(text);
    const headings = await this.headings(target, translate);
    if (source.code === target.code) return renderSections(sections, headings);

    const translated = emptySections();
    await Promise.all(
      SECTION_ORDER.map(async (key) => {
        translated[key] = await Promise.all(
          sections[key].map(async (item) => clean(await translate(item, source.code, target.code))),
        );
      }),
    );
    return renderSections(translated, headings);
  }

  private async headings(target: SummaryLanguageRef, translate: TranslateFn): Promise<Headings> {
    const table = HEADINGS[target.iso6391];
    if (table) return table;
    const entries = await Promise.all(
      SECTION_ORDER.map(
        async (key) =>
          [key, clean(await translate(HEADINGS.en[key], ENGLISH_CODE, target.code))] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<SectionKey, string>;
  }
}

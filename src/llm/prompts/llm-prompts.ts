import { readFileSync } from 'node:fs';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import type { AgeCategory, PatientGender } from '../../language/speech-settings.js';

/**
 * System prompts of the language operations. Each lives in a versioned template file beside this
 * module (`<operation>.v1.md`, plain text with `{{placeholders}}`), read once at module load; a
 * changed wording gets a new version file so answers stay traceable to the prompt that made them.
 * The user message always carries the input text alone, so it is never mistaken for instructions.
 * nest-cli.json copies the templates to dist (assets: `llm/prompts/*.md`).
 */

const load = (file: string): string =>
  readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').trim();

export const PROMPT_TEMPLATES = {
  paraphrase: load('paraphrase.v1.md'),
  summarize: load('summarize.v1.md'),
  generate: load('generate.v1.md'),
  structuredSummary: load('structured-summary.v1.md'),
} as const;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * Fills every `{{name}}` of `template` in a single pass (a value containing `{{…}}` is not
 * expanded again). Throws when the template names a placeholder `values` lacks.
 */
export function renderPrompt(template: string, values: Readonly<Record<string, string>>): string {
  const missing = new Set<string>();
  const rendered = template.replace(PLACEHOLDER, (whole, name: string) => {
    if (Object.hasOwn(values, name)) return values[name];
    missing.add(name);
    return whole;
  });
  if (missing.size > 0) {
    throw new Error(`Prompt placeholder(s) without a value: ${[...missing].join(', ')}.`);
  }
  return rendered;
}

const AGE_DESCRIPTIONS: Readonly<Record<AgeCategory, string>> = {
  child: 'a child',
  adolescent: 'an adolescent',
  adult: 'an adult',
  senior: 'a senior (an older adult)',
};

const REGISTERS: Readonly<Record<AgeCategory, string>> = {
  child: 'Use very simple words and short sentences a child understands.',
  adolescent: 'Use clear everyday words and a direct tone, never childish.',
  adult: 'Use plain everyday language and replace medical jargon with common words.',
  senior:
    'Use plain and respectful language with clear, unhurried sentences; never be condescending or childish.',
};

export interface ParaphrasePromptInput {
  readonly gender: PatientGender;
  readonly ageCategory: AgeCategory;
  /** The text's language when known; else the model keeps whatever language the text is in. */
  readonly language?: Pick<CatalogLanguage, 'name' | 'bcp47'>;
}

export function paraphrasePrompt({ gender, ageCategory, language }: ParaphrasePromptInput): string {
  return renderPrompt(PROMPT_TEMPLATES.paraphrase, {
    gender,
    age_description: AGE_DESCRIPTIONS[ageCategory],
    register: REGISTERS[ageCategory],
    language: language
      ? `${language.name} (${language.bcp47}), the language of the message`
      : 'the same language as the message',
  });
}

export function summarizePrompt(): string {
  return renderPrompt(PROMPT_TEMPLATES.summarize, {});
}

export function generatePrompt(): string {
  return renderPrompt(PROMPT_TEMPLATES.generate, {});
}

export function structuredSummaryPrompt(target: Pick<CatalogLanguage, 'name' | 'bcp47'>): string {
  return renderPrompt(PROMPT_TEMPLATES.structuredSummary, {
    target_language: target.name,
    target_bcp47: target.bcp47,
  });
}

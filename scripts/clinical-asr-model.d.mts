/** Types of clinical-asr-model.mjs (the recognizer's clinical dictionary and language model). */
export const MODEL_DIR: string;
export const CLINICAL_WEIGHT: number;
export const DECODER_SETTINGS: {
  readonly float: Readonly<Record<string, number>>;
  readonly int: Readonly<Record<string, number>>;
};
export function tokenize(line: string): string[];
export function parseVocabulary(text: string): Record<string, string[]>;
export function expandTemplates(templates: string[], drugs: string[], perDrug?: number): string[];
export function clinicalSentences(root: string): string[][];
export function mixturePerplexity(clinical: number[], general: number[], weight: number): number;
export function buildClinicalAsrModel(options: {
  root: string;
  say?: (line: string) => void;
}): void;

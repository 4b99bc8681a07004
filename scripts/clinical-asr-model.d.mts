/** Types of clinical-asr-model.mjs (the recognizer's clinical dictionary and language model). */
export const MODEL_DIR: string;
export const CLINICAL_WEIGHT: number;
export const DECODER_SETTINGS: {
  readonly float: Readonly<Record<string, number>>;
  readonly int: Readonly<Record<string, number>>;
};
export const PHONES: ReadonlySet<string>;
export function tokenize(line: string): string[];
export function parseVocabulary(text: string): Record<string, string[]>;
export function expandTemplates(templates: string[], drugs: string[], perDrug?: number): string[];
export function clinicalSentences(root: string): string[][];
export function dictionaryWords(text: string): Set<string>;
export function parsePronunciations(text: string, name?: string): Map<string, string[][]>;
export function dictionaryLines(
  words: string[],
  hand: ReadonlyMap<string, string[][]>,
  machine: ReadonlyMap<string, string[][]>,
): string[];
export function dictionaryEntries(
  text: string,
  words: ReadonlySet<string>,
): Map<string, string[][]>;
export function festivalPhones(answer: string): string[];
export function pronounce(words: string[]): Map<string, string[]>;
export function pronounceWords(
  words: string[],
  lts?: (words: string[]) => Map<string, string[]>,
): Map<string, string[]>;
export function pronounceSentences(
  sentences: string[][],
  cmudictWords: ReadonlySet<string>,
  generate?: (words: string[]) => Map<string, string[]>,
  hand?: ReadonlyMap<string, string[][]>,
): { sentences: string[][]; generated: Map<string, string[]>; dropped: string[] };
export function mixturePerplexity(clinical: number[], general: number[], weight: number): number;
export function buildClinicalAsrModel(options: {
  root: string;
  say?: (line: string) => void;
}): void;

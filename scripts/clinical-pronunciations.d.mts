/** Types of clinical-pronunciations.mjs (the clinical dictionary's pronunciations). */
export const PHONES: ReadonlySet<string>;
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

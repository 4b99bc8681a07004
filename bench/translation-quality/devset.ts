import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The five languages of the embedded engine, by the key the development set uses. */
export const DEVSET_LANGUAGES = ['en', 'es', 'fr', 'pt', 'it'] as const;
export type DevsetLanguage = (typeof DEVSET_LANGUAGES)[number];

/** One sentence in one language, with the words whose loss would change its medical meaning. */
export interface DevsetText {
  readonly text: string;
  /** Each item: the accepted forms of one essential word (any one present counts). */
  readonly essential: readonly (readonly string[])[];
}

/** One clinic sentence in all five languages (a parallel corpus: any one is a source). */
export type DevsetEntry = {
  readonly id: string;
  readonly topic: string;
  readonly speaker: 'medic' | 'patient';
  readonly patient_gender?: 'female' | 'male';
} & Record<DevsetLanguage, DevsetText>;

export const DEVSET_DIR = new URL('./devset/', import.meta.url).pathname;
/**
 * What patients say (issue 33), in two halves written apart on the same topics: rules are made
 * from the errors of the first and only measured on the second.
 */
export const PATIENTS_TUNE_DIR = new URL('./patients/tune/', import.meta.url).pathname;
export const PATIENTS_CHECK_DIR = new URL('./patients/check/', import.meta.url).pathname;

/** Every entry of every devset/*.json file, checked for shape: a broken file fails loudly. */
export function loadDevset(dir = DEVSET_DIR): DevsetEntry[] {
  const entries = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DevsetEntry[];
      for (const entry of data) checkEntry(entry, file);
      return data;
    });
  const ids = new Set(entries.map((e) => e.id));
  if (ids.size !== entries.length) throw new Error(`devset: duplicate ids in ${dir}`);
  return entries;
}

function checkEntry(entry: DevsetEntry, file: string): void {
  for (const language of DEVSET_LANGUAGES) {
    const text = entry[language];
    if (!text || typeof text.text !== 'string' || text.text.trim() === '') {
      throw new Error(`devset ${file}: ${entry.id} has no ${language} text`);
    }
    if (!Array.isArray(text.essential) || text.essential.some((forms) => forms.length === 0)) {
      throw new Error(`devset ${file}: ${entry.id} ${language} has a malformed essential list`);
    }
  }
}

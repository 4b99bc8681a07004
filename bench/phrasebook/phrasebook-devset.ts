import { join } from 'node:path';
import { type DevsetEntry, loadDevset } from '../translation-quality/devset.js';

/** What an utterance of the set should match: a phrase and its values, or nothing (null). */
export interface ExpectedPhrase {
  /** A phrase id; sentences said in one breath: their ids joined by " + ". */
  readonly phrase: string;
  /** Each variable's value id, or the ids accepted (the languages of an utterance may differ in number). */
  readonly values?: Readonly<Record<string, string | readonly string[]>>;
}

/**
 * A clinician's utterance in five languages, labelled with the phrase it means, if any; a list
 * when two phrases of the phrasebook say the same ("Any nausea?": "Do you feel nauseous?" and
 * "Do you have $symptom?" with nausea).
 */
export type LabelledEntry = DevsetEntry & {
  readonly expected?: ExpectedPhrase | readonly ExpectedPhrase[] | null;
};

export const PHRASEBOOK_DEVSET_DIR = new URL('./devset/', import.meta.url).pathname;

/**
 * `report`: the set whose figures docs/benchmarks.md gives, never looked at while the
 * phrasebook and the matcher were tuned; `tune`: the set they were tuned on.
 */
export type DevsetPart = 'report' | 'tune';

export function loadPhrasebookDevset(part: DevsetPart): LabelledEntry[] {
  return loadDevset(join(PHRASEBOOK_DEVSET_DIR, part)) as LabelledEntry[];
}

/** Whether the values found are those expected (a list: any of them). */
export function sameValues(
  expected: Readonly<Record<string, string | readonly string[]>>,
  found: Readonly<Record<string, string>>,
): boolean {
  const keys = new Set([...Object.keys(expected), ...Object.keys(found)]);
  return [...keys].every((k) => {
    const accepted = expected[k];
    return Array.isArray(accepted) ? accepted.includes(found[k]) : accepted === found[k];
  });
}

/** The labels an utterance accepts: none for null. */
export function acceptedPhrases(entry: LabelledEntry): readonly ExpectedPhrase[] {
  const expected = entry.expected ?? null;
  return expected === null ? [] : Array.isArray(expected) ? expected : [expected as ExpectedPhrase];
}

/** Types of regular-verbs.mjs, for its tests. */
export function regularVerbForms(lemma: string, language: string): [string[], string][];

/**
 * Judgements of the engine's own translations (engine-translations.ts): whether each would tell
 * the listener what was meant, and if not, what went wrong. They are the fidelity score's real
 * errors (issue 30). Each file of judged/ says who judged; judged/README.md gives the rules.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const VERDICTS = ['ok', 'minor', 'wrong'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** What went wrong in a translation judged `wrong` (or `minor`): one or more. */
export const ERROR_CLASSES = [
  'sense',
  'part-of-speech',
  'person',
  'tense',
  'negation',
  'omission',
  'addition',
  'number',
  'untranslated',
  'agreement',
  'unintelligible',
  'other',
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

export interface Judgement {
  readonly key: string;
  /** The translation judged, exactly as the engine wrote it then. */
  readonly translation: string;
  readonly verdict: Verdict;
  readonly errors: readonly ErrorClass[];
  readonly note?: string;
  /** Who judged it (the file's `judge`). */
  readonly judge: string;
}

interface JudgedFile {
  readonly judge: string;
  readonly judgements: readonly Omit<Judgement, 'judge'>[];
}

export const JUDGED_DIR = new URL('./judged/', import.meta.url).pathname;

/** Every judgement of judged/*.json by key, checked for shape: a broken file fails loudly. */
export function loadJudgements(dir = JUDGED_DIR): Map<string, Judgement> {
  const out = new Map<string, Judgement>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JudgedFile;
    if (typeof data.judge !== 'string' || !Array.isArray(data.judgements)) {
      throw new Error(`${file}: expected { "judge": string, "judgements": [...] }`);
    }
    for (const j of data.judgements) {
      const where = `${file}: ${j.key}`;
      if (!VERDICTS.includes(j.verdict)) throw new Error(`${where}: verdict ${j.verdict}`);
      if (
        !Array.isArray(j.errors) ||
        (j.errors as readonly ErrorClass[]).some((e) => !ERROR_CLASSES.includes(e))
      ) {
        throw new Error(`${where}: errors must be among ${ERROR_CLASSES.join(', ')}`);
      }
      if (j.verdict === 'wrong' && j.errors.length === 0) {
        throw new Error(`${where}: a wrong translation names what went wrong`);
      }
      if (out.has(j.key)) throw new Error(`${where}: judged twice`);
      out.set(j.key, { ...j, judge: data.judge });
    }
  }
  return out;
}

import { readFileSync } from 'node:fs';
import { printTable } from '../support/latency.js';
import type { DevsetLanguage } from './devset.js';
import type { EmbeddedTranslation } from './embedded-translation.js';
import { words } from './scoring.js';

/**
 * The errors found in the patients' tuning half, by class (issue 33): one source sentence, the
 * wrong rendering the engine gave before the rules, and the accepted ones. A case counts as right
 * when the output holds an accepted form and not the wrong one.
 */
export const ERROR_CLASSES = [
  'part of speech',
  'sense',
  'agreement',
  'construction',
  'multiword',
] as const;
type ErrorClass = (typeof ERROR_CLASSES)[number];

interface ErrorCase {
  readonly class: ErrorClass;
  readonly from: DevsetLanguage;
  readonly to: DevsetLanguage;
  readonly source: string;
  /** What came out before the rules, e.g. "volume". */
  readonly wrong: string;
  /** Accepted renderings, any one of which must be in the output. */
  readonly right: readonly string[];
}

export const ERROR_CLASSES_FILE = new URL('./patients/error-classes.json', import.meta.url);

export function loadErrorCases(file: URL = ERROR_CLASSES_FILE): ErrorCase[] {
  const cases = JSON.parse(readFileSync(file, 'utf8')) as ErrorCase[];
  for (const [i, c] of cases.entries()) {
    if (!ERROR_CLASSES.includes(c.class) || !c.source || !c.wrong || !(c.right?.length > 0)) {
      throw new Error(`error-classes.json: case ${i} is malformed`);
    }
  }
  return cases;
}

/** Whether `phrase` is in `text` as whole words (lowercased, NFC). */
export function holdsPhrase(text: string, phrase: string): boolean {
  return ` ${words(text).join(' ')} `.includes(` ${words(phrase).join(' ')} `);
}

export interface ClassResult {
  class: ErrorClass;
  cases: number;
  right: number;
  wrongLeft: string[];
}

export async function errorClasses(embedded: EmbeddedTranslation): Promise<ClassResult[]> {
  const cases = loadErrorCases();
  const results = new Map<ErrorClass, ClassResult>(
    ERROR_CLASSES.map((c) => [c, { class: c, cases: 0, right: 0, wrongLeft: [] }]),
  );
  for (const c of cases) {
    const output = await embedded.service
      .translateText(c.source, embedded.language(c.from), embedded.language(c.to))
      .catch(() => '');
    const result = results.get(c.class)!;
    result.cases++;
    if (c.right.some((r) => holdsPhrase(output, r)) && !holdsPhrase(output, c.wrong))
      result.right++;
    else result.wrongLeft.push(`${c.from}→${c.to} "${c.source}" → "${output}"`);
  }
  return [...results.values()];
}

export function printErrorClasses(results: ClassResult[]): void {
  const cases = results.reduce((s, r) => s + r.cases, 0);
  const right = results.reduce((s, r) => s + r.right, 0);
  printTable(
    ['error class', 'cases', 'right now'],
    [
      ...results.map((r) => [r.class, r.cases, `${r.right}/${r.cases}`]),
      ['**all**', cases, `${right}/${cases}`],
    ],
  );
  const left = results.flatMap((r) => r.wrongLeft.map((w) => `${r.class}: ${w}`));
  if (left.length > 0) console.log(`\nStill wrong:\n${left.join('\n')}`);
}

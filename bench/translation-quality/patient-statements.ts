import { corpusChrF } from '../../src/orchestrator/pipeline/chrf.js';
import { printTable } from '../support/latency.js';
import type { DevsetEntry, DevsetLanguage } from './devset.js';
import type { EmbeddedTranslation } from './embedded-translation.js';
import { essentialFound } from './scoring.js';

/** The patients' languages, into English: what the clinician reads. */
const FROM: readonly DevsetLanguage[] = ['es', 'fr', 'pt', 'it'];

export interface StatementsResult {
  direction: string;
  sentences: number;
  matched: number;
  /** On the matched sentences: the statement's text, and what the rules-only engine gave. */
  matchedPairs: { statement: string; machine: string; reference: string }[];
  essentialStatement: number;
  essentialMachine: number;
  essentialTotal: number;
  /** All sentences: with the statements where one matched, and the engine alone. */
  withStatements: { hypothesis: string; reference: string }[];
  machineOnly: { hypothesis: string; reference: string }[];
}

/**
 * What the patient statements (data/patient/, issue 33) add beyond the rules: each patient's
 * sentence into English through TranslationService.translateSentence as a session sends it (the
 * speaker is the patient), against the engine alone: `machine`, the set's translations into
 * English already made (one per entry, in order, by direction).
 */
export async function patientStatements(
  entries: DevsetEntry[],
  embedded: EmbeddedTranslation,
  machine: ReadonlyMap<string, readonly string[]>,
): Promise<StatementsResult[]> {
  const { service } = embedded;
  const en = embedded.language('en');
  const results: StatementsResult[] = [];
  for (const from of FROM) {
    const direction = `${from}→en`;
    const result: StatementsResult = {
      direction,
      sentences: 0,
      matched: 0,
      matchedPairs: [],
      essentialStatement: 0,
      essentialMachine: 0,
      essentialTotal: 0,
      withStatements: [],
      machineOnly: [],
    };
    for (const [index, entry] of entries.entries()) {
      if (entry.speaker !== 'patient') continue;
      const reference = entry.en.text;
      const engine = machine.get(direction)?.[index] ?? '';
      const sentence = await service
        .translateSentence(entry[from].text, embedded.language(from), en, {
          speaker: 'patient',
          speakerGender: entry.patient_gender,
        })
        .catch(() => undefined);
      const said = sentence?.text ?? '';
      result.sentences++;
      result.machineOnly.push({ hypothesis: engine, reference });
      result.withStatements.push({ hypothesis: said, reference });
      if (sentence?.origin === 'phrasebook') {
        result.matched++;
        result.matchedPairs.push({ statement: said, machine: engine, reference });
        result.essentialStatement += essentialFound(said, entry.en.essential).found;
        result.essentialMachine += essentialFound(engine, entry.en.essential).found;
        result.essentialTotal += entry.en.essential.length;
      }
    }
    results.push(result);
  }
  return results;
}

export function printPatientStatements(results: StatementsResult[], showMatches: boolean): void {
  const chrf = (pairs: { hypothesis: string; reference: string }[]) =>
    pairs.length === 0 ? '–' : (100 * corpusChrF(pairs)).toFixed(1);
  const matchedChrF = (r: StatementsResult, key: 'statement' | 'machine') =>
    chrf(r.matchedPairs.map((p) => ({ hypothesis: p[key], reference: p.reference })));
  const all = (key: 'withStatements' | 'machineOnly') => results.flatMap((r) => r[key]);
  const rows = results.map((r) => [
    r.direction,
    r.sentences,
    r.matched,
    matchedChrF(r, 'machine'),
    matchedChrF(r, 'statement'),
    `${r.essentialMachine}/${r.essentialTotal}`,
    `${r.essentialStatement}/${r.essentialTotal}`,
    chrf(r.machineOnly),
    chrf(r.withStatements),
  ]);
  const sum = (f: (r: StatementsResult) => number) => results.reduce((s, r) => s + f(r), 0);
  rows.push([
    '**into en**',
    sum((r) => r.sentences),
    sum((r) => r.matched),
    chrf(
      results.flatMap((r) =>
        r.matchedPairs.map((p) => ({ hypothesis: p.machine, reference: p.reference })),
      ),
    ),
    chrf(
      results.flatMap((r) =>
        r.matchedPairs.map((p) => ({ hypothesis: p.statement, reference: p.reference })),
      ),
    ),
    `${sum((r) => r.essentialMachine)}/${sum((r) => r.essentialTotal)}`,
    `${sum((r) => r.essentialStatement)}/${sum((r) => r.essentialTotal)}`,
    chrf(all('machineOnly')),
    chrf(all('withStatements')),
  ]);
  printTable(
    [
      'direction',
      "patients' sentences",
      'matched a statement',
      'chrF2 of those, engine',
      'chrF2 of those, statement',
      'essential words of those, engine',
      'essential words of those, statement',
      'chrF2 all, engine',
      'chrF2 all, with statements',
    ],
    rows,
  );
  if (showMatches) {
    const lines = results.flatMap((r) =>
      r.matchedPairs.map(
        (p) =>
          `${r.direction}: "${p.statement}" (engine: "${p.machine}"; reference: "${p.reference}")`,
      ),
    );
    if (lines.length > 0) console.log(`\nMatched:\n${lines.join('\n')}`);
  }
}

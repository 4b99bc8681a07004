import { corpusChrF } from '../../src/orchestrator/pipeline/chrf.js';
import { printTable } from '../support/latency.js';
import type { DevsetEntry, DevsetLanguage } from './devset.js';
import type { EmbeddedTranslation } from './embedded-translation.js';
import { essentialFound } from './scoring.js';

/** The patients' languages, into English: what the clinician reads. */
const FROM: readonly DevsetLanguage[] = ['es', 'fr', 'pt', 'it'];

export interface StatementsResult {
  readonly direction: string;
  readonly sentences: number;
  readonly matched: number;
  /** On the matched sentences: the statement's text, and what the rules-only engine gave. */
  readonly matchedPairs: { statement: string; machine: string; reference: string }[];
  readonly essentialStatement: number;
  readonly essentialMachine: number;
  readonly essentialTotal: number;
  /** All sentences: with the statements where one matched, and the engine alone. */
  readonly withStatements: { hypothesis: string; reference: string }[];
  readonly machineOnly: { hypothesis: string; reference: string }[];
}

/**
 * What the patient statements (data/patient/, issue 33) add beyond the rules: each patient's
 * sentence into English through TranslationService.translateSentence as a session sends it (the
 * speaker is the patient), against the engine alone.
 */
export async function patientStatements(
  entries: DevsetEntry[],
  embedded: EmbeddedTranslation,
): Promise<StatementsResult[]> {
  const { service } = embedded;
  const en = embedded.language('en');
  const results: StatementsResult[] = [];
  for (const from of FROM) {
    const result: StatementsResult = {
      direction: `${from}→en`,
      sentences: 0,
      matched: 0,
      matchedPairs: [],
      essentialStatement: 0,
      essentialMachine: 0,
      essentialTotal: 0,
      withStatements: [],
      machineOnly: [],
    };
    for (const entry of entries.filter((e) => e.speaker === 'patient')) {
      const source = entry[from].text;
      const reference = entry.en.text;
      const speakerGender = entry.patient_gender;
      const machine = await service
        .translateChecked(source, embedded.language(from), en, { speakerGender })
        .then((r) => r.text)
        .catch(() => '');
      const sentence = await service
        .translateSentence(source, embedded.language(from), en, {
          speaker: 'patient',
          speakerGender,
        })
        .catch(() => undefined);
      const said = sentence?.text ?? '';
      (result as { sentences: number }).sentences++;
      result.machineOnly.push({ hypothesis: machine, reference });
      result.withStatements.push({ hypothesis: said, reference });
      if (sentence?.origin === 'phrasebook') {
        (result as { matched: number }).matched++;
        result.matchedPairs.push({ statement: said, machine, reference });
        const counts = result as {
          essentialStatement: number;
          essentialMachine: number;
          essentialTotal: number;
        };
        counts.essentialStatement += essentialFound(said, entry.en.essential).found;
        counts.essentialMachine += essentialFound(machine, entry.en.essential).found;
        counts.essentialTotal += entry.en.essential.length;
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

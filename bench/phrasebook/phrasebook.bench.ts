/**
 * The phrasebook on a development set of clinician utterances written independently of it
 * (bench/phrasebook/devset/: each utterance in en, es, fr, pt, it, labelled with the phrase and
 * values it means, or none). For every utterance in every language: whether it matched, and
 * whether the match is the labelled one (a wrong match is the failure that must not happen);
 * the match time; and, per direction, corpus chrF2 and essential-word recall of what the patient
 * gets (phrasebook where it matches, machine translation elsewhere) against machine translation
 * alone, both against the set's references.
 * Run: npm run bench:phrasebook   (SET=tune: the tuning set instead of the reported one;
 * DEVSET_LIMIT=N: the first N utterances; MACHINE=off: coverage and time only)
 */
import { EngineOutputRejectedError } from '../../src/common/errors/engine.errors.js';
import { corpusChrF } from '../../src/orchestrator/pipeline/chrf.js';
import { Phrasebook } from '../../src/translation/phrasebook/phrasebook.js';
import { PhrasebookService } from '../../src/translation/phrasebook/phrasebook.service.js';
import type { PhraseLanguage } from '../../src/translation/phrasebook/phrase-language.js';
import { percentile, printTable } from '../support/latency.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { DEVSET_LANGUAGES, type DevsetLanguage } from '../translation-quality/devset.js';
import { startEmbeddedTranslation } from '../translation-quality/embedded-translation.js';
import { essentialFound } from '../translation-quality/scoring.js';
import {
  type DevsetPart,
  type ExpectedPhrase,
  type LabelledEntry,
  loadPhrasebookDevset,
  sameValues,
} from './phrasebook-devset.js';

const PART = (process.env.SET ?? 'report') as DevsetPart;
const LIMIT = Number(process.env.DEVSET_LIMIT ?? Infinity);
const MACHINE = process.env.MACHINE !== 'off';
const PHRASE_LANGUAGE: Record<DevsetLanguage, PhraseLanguage> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  pt: 'pt-BR',
  it: 'it',
};

interface Outcome {
  readonly entry: LabelledEntry;
  readonly language: DevsetLanguage;
  readonly phrase?: string;
  readonly values?: Record<string, string>;
  /** `unlabelled`: matched, in a set without labels (coverage only). */
  readonly verdict: 'right' | 'wrong' | 'missed' | 'rejected' | 'unlabelled';
  readonly ms: number;
}

async function main(): Promise<void> {
  const entries = loadPhrasebookDevset(PART).slice(0, LIMIT);
  const unlabelled = entries.filter((e) => e.expected === undefined);
  // The reported set is labelled whole; the tuning set may be read for coverage alone.
  if (PART === 'report' && unlabelled.length > 0) {
    throw new Error(`${unlabelled.length} utterances have no label (first: ${unlabelled[0].id})`);
  }
  const phrasebook = Phrasebook.load();
  const service = new PhrasebookService(phrasebook);
  const embedded = await startEmbeddedTranslation();
  const language = (key: DevsetLanguage) => embedded.language(key);
  // Warm-up: the first match of a language builds caches (stems).
  for (const l of DEVSET_LANGUAGES)
    service.translate(entries[0][l].text, language(l), language(l === 'en' ? 'es' : 'en'));

  const outcomes: Outcome[] = [];
  for (const entry of entries) {
    for (const from of DEVSET_LANGUAGES) {
      const text = entry[from].text;
      const started = performance.now();
      const matches = phrasebook.matchUtterance(text, PHRASE_LANGUAGE[from]);
      const ms = performance.now() - started;
      const expected = entry.expected ?? null;
      if (!matches) {
        outcomes.push({ entry, language: from, verdict: expected ? 'missed' : 'rejected', ms });
        continue;
      }
      // Sentences said in one breath: their phrases' ids joined by " + ", their values together.
      const phrase = matches.map((m) => m.entry.id).join(' + ');
      const values = Object.fromEntries(
        matches.flatMap((m) => [
          ...[...m.values].map(([type, v]) => [type, v.id]),
          // A time said with the phrase ("since last night"): labelled as `adjunct`.
          ...(m.adjunct ? [['adjunct', m.adjunct.id]] : []),
        ]),
      );
      if (entry.expected === undefined) {
        outcomes.push({ entry, language: from, phrase, verdict: 'unlabelled', ms });
        continue;
      }
      const accepted = expected === null ? [] : Array.isArray(expected) ? expected : [expected];
      const right = accepted.some(
        (e: ExpectedPhrase) => e.phrase === phrase && sameValues(e.values ?? {}, values),
      );
      outcomes.push({
        entry,
        language: from,
        phrase,
        values,
        verdict: right ? 'right' : 'wrong',
        ms,
      });
    }
  }

  const count = (verdict: Outcome['verdict'], list = outcomes) =>
    list.filter((o) => o.verdict === verdict).length;
  const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
  const matched = (list: Outcome[]) =>
    count('right', list) + count('wrong', list) + count('unlabelled', list);
  const labelled = (list: Outcome[]) => list.filter((o) => o.entry.expected).length;
  console.log(
    `\nPhrasebook: ${phrasebook.entries.size} phrases; set "${PART}": ${entries.length} utterances × 5 languages\n`,
  );
  const rows = [
    ...DEVSET_LANGUAGES.map((l) => outcomes.filter((o) => o.language === l)),
    outcomes,
  ].map((list, i) => [
    i < DEVSET_LANGUAGES.length ? DEVSET_LANGUAGES[i] : '**all**',
    list.length,
    `${pct(matched(list), list.length)} (${matched(list)})`,
    count('wrong', list),
    `${pct(count('right', list), labelled(list))} (${count('right', list)}/${labelled(list)})`,
    percentile(
      list.map((o) => o.ms),
      50,
    ).toFixed(3),
    percentile(
      list.map((o) => o.ms),
      99,
    ).toFixed(3),
  ]);
  printTable(
    [
      'source',
      'utterances',
      'coverage (matched)',
      'wrong matches',
      'recall of labelled phrases',
      'match p50 ms',
      'match p99 ms',
    ],
    rows,
  );
  const wrong = outcomes.filter((o) => o.verdict === 'wrong');
  console.log(`\nWrong matches: ${wrong.length}`);
  for (const o of wrong) {
    console.log(
      `- ${o.entry.id} ${o.language}: "${o.entry[o.language].text}" → ${o.phrase} ${JSON.stringify(o.values)}; expected ${JSON.stringify(o.entry.expected)}`,
    );
  }

  if (MACHINE) {
    const directions: (string | number)[][] = [];
    // The utterances answered from the phrasebook: its translation against the machine's.
    const matchedOnly = {
      machine: [] as Pair[],
      phrasebook: [] as Pair[],
      mFound: 0,
      pFound: 0,
      essential: 0,
    };
    const totals = {
      machine: [] as Pair[],
      combined: [] as Pair[],
      mFound: 0,
      cFound: 0,
      essential: 0,
    };
    for (const from of DEVSET_LANGUAGES) {
      for (const to of DEVSET_LANGUAGES) {
        if (from === to) continue;
        const machine: Pair[] = [];
        const combined: Pair[] = [];
        let mFound = 0;
        let cFound = 0;
        let essential = 0;
        let fromPhrasebook = 0;
        for (const entry of entries) {
          const reference = entry[to].text;
          const gender = { addresseeGender: entry.patient_gender };
          const byMachine = await embedded.service
            .translateChecked(entry[from].text, language(from), language(to), gender)
            .then((t) => t.text)
            .catch((error: unknown) => {
              if (error instanceof EngineOutputRejectedError) return '';
              throw error;
            });
          const phrase = service.translate(
            entry[from].text,
            language(from),
            language(to),
            entry.patient_gender,
          );
          if (phrase) {
            fromPhrasebook++;
            matchedOnly.machine.push({ hypothesis: byMachine, reference });
            matchedOnly.phrasebook.push({ hypothesis: phrase.text, reference });
            matchedOnly.mFound += essentialFound(byMachine, entry[to].essential).found;
            matchedOnly.pFound += essentialFound(phrase.text, entry[to].essential).found;
            matchedOnly.essential += entry[to].essential.length;
          }
          const shown = phrase?.text ?? byMachine;
          machine.push({ hypothesis: byMachine, reference });
          combined.push({ hypothesis: shown, reference });
          mFound += essentialFound(byMachine, entry[to].essential).found;
          cFound += essentialFound(shown, entry[to].essential).found;
          essential += entry[to].essential.length;
        }
        directions.push([
          `${from}→${to}`,
          entries.length,
          fromPhrasebook,
          (100 * corpusChrF(machine)).toFixed(1),
          (100 * corpusChrF(combined)).toFixed(1),
          pct(mFound, essential),
          pct(cFound, essential),
        ]);
        totals.machine.push(...machine);
        totals.combined.push(...combined);
        totals.mFound += mFound;
        totals.cFound += cFound;
        totals.essential += essential;
      }
    }
    directions.push([
      '**all**',
      totals.machine.length,
      directions.reduce((s, r) => s + Number(r[2]), 0),
      (100 * corpusChrF(totals.machine)).toFixed(1),
      (100 * corpusChrF(totals.combined)).toFixed(1),
      pct(totals.mFound, totals.essential),
      pct(totals.cFound, totals.essential),
    ]);
    console.log('');
    printTable(
      [
        'direction',
        'utterances',
        'from phrasebook',
        'chrF2 machine',
        'chrF2 phrasebook + machine',
        'essential machine',
        'essential phrasebook + machine',
      ],
      directions,
    );
    console.log(
      `\nOn the ${matchedOnly.phrasebook.length} translations answered from the phrasebook: chrF2 ${(100 * corpusChrF(matchedOnly.phrasebook)).toFixed(1)} (the machine's of the same: ${(100 * corpusChrF(matchedOnly.machine)).toFixed(1)}), essential words ${pct(matchedOnly.pFound, matchedOnly.essential)} (machine: ${pct(matchedOnly.mFound, matchedOnly.essential)})`,
    );
  }
  embedded.stop();
}

interface Pair {
  hypothesis: string;
  reference: string;
}

runBenchmark(main);

/**
 * Translation quality of the embedded engine on the development sets: the clinic set
 * (bench/translation-quality/devset/*.json) and what patients say (patients/tune/, the half the
 * rules were made from, and patients/check/, the half only measured), sentences in
 * en/es/fr/pt/it, each with its essential words; then the error classes of the patients' set
 * (patients/error-classes.json): how many of the errors found in the tuning half are right now. For every direction between the five languages: corpus chrF2 (sacrebleu's
 * definition, 0–100), essential-word recall, pivot words (Spanish) left in the output (by the
 * heuristic of scoring.ts, and those of them Apertium itself marked unknown at the second step),
 * the words flagged to the listener as untranslated, the translations withheld because a
 * number changed, and how often a hospital glossary's terms (GLOSSARY_FILE, by default
 * deploy/glossary.example.tsv) come out as it writes them. Through TranslationService, as the REST API and the sessions translate, with
 * the patient's gender as a handshake would give it.
 * Run: npm run bench:translation-quality   (DEVSET=clinic,patients-tune,patients-check: the sets
 * to run; DEVSET_LIMIT=N: the first N sentences of each; TERMINOLOGY=off: without the clinical
 * terms table; LEXICON=off: without the clinical lexicon; RULES=off: without the pairs' added
 * rules, src/translation/engines/apertium/rules/; PATIENT_STATEMENTS=off: without the patient
 * statements, src/translation/phrasebook/data/patient/)
 */
import { cpus } from 'node:os';
import { EngineOutputRejectedError } from '../../src/common/errors/engine.errors.js';
import { corpusChrF } from '../../src/orchestrator/pipeline/chrf.js';
import { percentile, printTable } from '../support/latency.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { glossaryAccuracy } from './glossary-accuracy.js';
import {
  DEVSET_DIR,
  DEVSET_LANGUAGES,
  type DevsetEntry,
  type DevsetLanguage,
  loadDevset,
  PATIENTS_CHECK_DIR,
  PATIENTS_TUNE_DIR,
} from './devset.js';
import { errorClasses, printErrorClasses } from './error-classes.js';
import { patientStatements, printPatientStatements } from './patient-statements.js';
import {
  type EmbeddedTranslation,
  entryGenders,
  startEmbeddedTranslation,
} from './embedded-translation.js';
import { essentialFound, leakedPivotWords, words } from './scoring.js';

const LIMIT = Number(process.env.DEVSET_LIMIT ?? Infinity);
const PIVOT: DevsetLanguage = 'es';
/** A hospital glossary to measure: its terms must come out as it writes them. */
const GLOSSARY_FILE = process.env.GLOSSARY_FILE ?? 'deploy/glossary.example.tsv';

interface DirectionResult {
  direction: string;
  pairs: { hypothesis: string; reference: string }[];
  essentialFound: number;
  essentialTotal: number;
  leaked: string[];
  /** Words the engine reported untranslated (names, numbers and drugs are not). */
  untranslated: number;
  /** Of those, words of the Spanish pivot not in the source: leaks the engine itself saw. */
  knownLeaks: number;
  withheld: number;
  latencies: number[];
}

/** The sets measured: the clinic set, and the patients' set in its two halves (DEVSET=… picks some). */
const SETS: Record<string, string> = {
  clinic: DEVSET_DIR,
  'patients-tune': PATIENTS_TUNE_DIR,
  'patients-check': PATIENTS_CHECK_DIR,
};

async function main(): Promise<void> {
  const names = (process.env.DEVSET ?? Object.keys(SETS).join(',')).split(',');
  const embedded = await startEmbeddedTranslation();
  const { engine, catalog } = embedded;
  const language = (key: DevsetLanguage) => embedded.language(key);
  console.log(
    `Translation quality, embedded Apertium, 20 directions, rules ${process.env.RULES === 'off' ? 'off' : 'on'} ` +
      `(${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)})`,
  );
  for (const name of names) {
    const dir = SETS[name];
    if (!dir)
      throw new Error(`DEVSET: no set ${name}; the sets are ${Object.keys(SETS).join(', ')}`);
    const entries = loadDevset(dir).slice(0, LIMIT);
    const { results, examples } = await measureSet(entries, embedded);
    console.log(
      `\n### ${name}: ${entries.length} sentences (${dir.replace(/.*bench\//, 'bench/')})\n`,
    );
    printResults(results);
    if (name.startsWith('patients') && process.env.PATIENT_STATEMENTS !== 'off') {
      console.log(
        `\n#### ${name}: patient statements (src/translation/phrasebook/data/patient/)\n`,
      );
      // The matched sentences are listed for the tuning half only: the check half is not read.
      const machine = new Map(results.map((r) => [r.direction, r.pairs.map((p) => p.hypothesis)]));
      printPatientStatements(
        await patientStatements(entries, embedded, machine),
        name === 'patients-tune',
      );
    }
    if (name === 'clinic') {
      const glossary = await glossaryAccuracy(GLOSSARY_FILE, engine, catalog, entries, language);
      console.log(
        `\nGlossary terms written as ${glossary.file} writes them (all directions): with it as GLOSSARY_FILE ${glossary.written}/${glossary.terms} (${pct(glossary.written, glossary.terms)}), without it ${glossary.writtenWithout}/${glossary.terms} (${pct(glossary.writtenWithout, glossary.terms)})`,
      );
      console.log(`\nSome sentences that lost an essential word:\n${examples.join('\n')}`);
    }
  }
  if (names.includes('patients-tune')) {
    console.log('\n### Error classes (bench/translation-quality/patients/error-classes.json)\n');
    printErrorClasses(await errorClasses(embedded));
  }
  embedded.stop();
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);

/** Every entry of `entries` in the 20 directions, through the service. */
async function measureSet(
  entries: DevsetEntry[],
  embedded: EmbeddedTranslation,
): Promise<{ results: DirectionResult[]; examples: string[] }> {
  const { service: translation } = embedded;
  const language = (key: DevsetLanguage) => embedded.language(key);
  const vocabulary = new Map(
    DEVSET_LANGUAGES.map((l) => [l, new Set(entries.flatMap((e) => words(e[l].text)))]),
  );
  const results: DirectionResult[] = [];
  const examples: string[] = [];
  for (const from of DEVSET_LANGUAGES) {
    for (const to of DEVSET_LANGUAGES) {
      if (from === to) continue;
      const result: DirectionResult = {
        direction: `${from}→${to}`,
        pairs: [],
        essentialFound: 0,
        essentialTotal: 0,
        leaked: [],
        untranslated: 0,
        knownLeaks: 0,
        withheld: 0,
        latencies: [],
      };
      const throughPivot = from !== PIVOT && to !== PIVOT;
      for (const entry of entries) {
        const source = entry[from].text;
        const started = process.hrtime.bigint();
        let output = '';
        let untranslated: readonly string[] = [];
        try {
          ({ text: output, untranslated } = await translation.translateChecked(
            source,
            language(from),
            language(to),
            entryGenders(entry),
          ));
        } catch (error) {
          if (!(error instanceof EngineOutputRejectedError)) throw error;
          result.withheld++;
        }
        result.untranslated += untranslated.length;
        result.latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        result.pairs.push({ hypothesis: output, reference: entry[to].text });
        const kept = essentialFound(output, entry[to].essential);
        result.essentialFound += kept.found;
        result.essentialTotal += kept.total;
        if (throughPivot) {
          const pivot = await translation
            .translateText(source, language(from), language(PIVOT))
            .catch(() => '');
          const leaked = leakedPivotWords(output, pivot, source, vocabulary.get(to)!);
          result.leaked.push(...leaked);
          const pivotWords = new Set(words(pivot));
          const sourceWords = new Set(words(source));
          result.knownLeaks += untranslated.filter((w) => {
            const word = w.toLowerCase();
            return pivotWords.has(word) && !sourceWords.has(word);
          }).length;
        }
        if (kept.missing.length > 0 && examples.length < 40 && Math.random() < 0.05) {
          examples.push(
            `${entry.id} ${from}→${to}: "${source}" → "${output}" (missing: ${kept.missing.join(', ')})`,
          );
        }
      }
      results.push(result);
    }
  }
  return { results, examples };
}

function printResults(results: DirectionResult[]): void {
  const rows = results.map((r) => [
    r.direction,
    r.pairs.length,
    (100 * corpusChrF(r.pairs)).toFixed(1),
    `${pct(r.essentialFound, r.essentialTotal)} (${r.essentialFound}/${r.essentialTotal})`,
    r.leaked.length,
    r.knownLeaks,
    r.untranslated,
    r.withheld,
    percentile(r.latencies, 50).toFixed(1),
  ]);
  const all = results.flatMap((r) => r.pairs);
  const found = results.reduce((s, r) => s + r.essentialFound, 0);
  const total = results.reduce((s, r) => s + r.essentialTotal, 0);
  // Into English: what a clinician reads of a patient (the held-out check's directions).
  const intoEnglish = results.filter((r) => r.direction.endsWith('→en'));
  rows.push([
    '**into en**',
    intoEnglish.reduce((s, r) => s + r.pairs.length, 0),
    (100 * corpusChrF(intoEnglish.flatMap((r) => r.pairs))).toFixed(1),
    '',
    '',
    '',
    '',
    '',
    '',
  ]);
  rows.push([
    '**all**',
    all.length,
    (100 * corpusChrF(all)).toFixed(1),
    `${pct(found, total)} (${found}/${total})`,
    results.reduce((s, r) => s + r.leaked.length, 0),
    results.reduce((s, r) => s + r.knownLeaks, 0),
    results.reduce((s, r) => s + r.untranslated, 0),
    results.reduce((s, r) => s + r.withheld, 0),
    percentile(
      results.flatMap((r) => r.latencies),
      50,
    ).toFixed(1),
  ]);
  printTable(
    [
      'direction',
      'sentences',
      'chrF2',
      'essential words kept',
      'pivot words leaked',
      'of them unknown to Apertium',
      'words flagged untranslated',
      'withheld (number changed)',
      'p50 ms',
    ],
    rows,
  );
  const leakedWords = new Map<string, number>();
  for (const w of results.flatMap((r) => r.leaked))
    leakedWords.set(w, (leakedWords.get(w) ?? 0) + 1);
  const top = [...leakedWords].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(
    `\nMost leaked pivot words: ${top.map(([w, n]) => `${w} (${n})`).join(', ') || 'none'}`,
  );
}

runBenchmark(main);

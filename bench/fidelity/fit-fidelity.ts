/**
 * Fits the fidelity model (src/orchestrator/pipeline/fidelity/) and reports how well it tells the
 * engine's wrong translations from its others, against the raw round-trip chrF and the model it
 * replaces.
 *
 * Two kinds of labelled examples, from the development set:
 * - real errors (issue 30): the embedded engine's own translations, judged (real-errors.ts,
 *   judged/): wrong sense, wrong part of speech, wrong person, lost negation…;
 * - made errors: for every entry, target language and source language, the reference
 *   translation (correct) and its broken copies (candidates.ts: a term dropped or replaced, a
 *   negation flipped, a number changed, a sentence cut), which real errors seldom show but which
 *   must not pass.
 * Entries are split in two halves by a hash of their id: the model is fitted on one (the real
 * and the made examples weighing REAL_SHARE and the rest of the total; within each, the two
 * classes half each), and its threshold chosen there too: the cut that flags the most real
 * errors while PRECISION_TARGET of what it flags is wrong, so that a warning is one to heed.
 * Everything reported is measured on the other half.
 *
 * Run: npm run bench:fidelity   (DEVSET_DIR=/path/to/devset to use another development set;
 * WRITE_MODEL=0 to report without rewriting fidelity-model.ts and the console's threshold;
 * FIDELITY_FEATURES, FIDELITY_REAL_SHARE and FIDELITY_PRECISION to try other settings)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { relative } from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import {
  fidelityFeatures,
  type FidelityFeatureName,
  type FidelityFeatures,
} from '../../src/orchestrator/pipeline/fidelity/fidelity-features.js';
import { printTable } from '../support/latency.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { numberValues } from '../../src/orchestrator/pipeline/fidelity/number-values.js';
import {
  DEVSET_DIR,
  DEVSET_LANGUAGES,
  type DevsetEntry,
  loadDevset,
} from '../translation-quality/devset.js';
import { CANDIDATE_KINDS, candidatesOf } from './candidates.js';
import { truncate } from './corruptions.js';
import { EmbeddedTranslator } from './embedded-translator.js';
import { fitLogistic, predict, type Sample } from './logistic-regression.js';
import { type RealExample, realExamples } from './real-errors.js';
import { type Example, OLD_THRESHOLD, reportRealErrors, reportTradeOff } from './fit-reports.js';
import { startEmbeddedTranslation } from '../translation-quality/embedded-translation.js';
import { rocAuc } from './roc-auc.js';
import { hashOf } from './seeded-random.js';

/** The features the model combines: few, so that it generalises beyond the development set. */
const FEATURES: readonly FidelityFeatureName[] = (
  process.env.FIDELITY_FEATURES ??
  'roundTripChrF,termDisagreements,numbersDiffer,negationDiffers,unfinished,shortfall,untranslatedShare,personShift'
).split(',') as FidelityFeatureName[];
/** The share of the fit's total weight that the real (judged) examples carry. */
const REAL_SHARE = Number(process.env.FIDELITY_REAL_SHARE ?? 0.5);
/** The share of flagged translations that must be wrong, on the fitting half. */
const PRECISION_TARGET = Number(process.env.FIDELITY_PRECISION ?? 2 / 3);
const CONSOLE_WORDING = new URL('../../console/src/wording.ts', import.meta.url).pathname;
const MODEL_FILE = new URL(
  '../../src/orchestrator/pipeline/fidelity/fidelity-model.ts',
  import.meta.url,
).pathname;

async function main(): Promise<void> {
  const devsetDir = process.env.DEVSET_DIR ?? DEVSET_DIR;
  const entries = loadDevset(devsetDir);
  const translator = await EmbeddedTranslator.start();
  const limit = pLimit(2);
  const started = performance.now();
  const jobs: Promise<Example>[] = [];
  const heldOut = heldOutHalf(entries);
  for (const entry of entries) {
    const held = heldOut.has(entry.id);
    for (const to of DEVSET_LANGUAGES) {
      for (const candidate of candidatesOf(entry, to, entries)) {
        for (const from of DEVSET_LANGUAGES) {
          if (from === to) continue;
          jobs.push(
            limit(async () => {
              const backTranslation = await translator.translate(candidate.text, to, from);
              const source =
                candidate.sourceCutAt === undefined
                  ? entry[from].text
                  : (truncate(entry[from].text, candidate.sourceCutAt) ?? entry[from].text);
              const features = fidelityFeatures(
                {
                  source,
                  translation: candidate.text,
                  backTranslation,
                  sourceLanguage: translator.language(from),
                  targetLanguage: translator.language(to),
                },
                translator.terminology,
              );
              return { entry: entry.id, kind: candidate.kind, features, held };
            }),
          );
        }
      }
    }
  }
  const examples = await Promise.all(jobs);
  const engineOutputs = await engineRoundTrips(
    translator,
    entries.filter((e) => heldOut.has(e.id)),
    limit,
  );
  translator.stop();
  const embedded = await startEmbeddedTranslation();
  const real = await realExamples(entries, embedded);
  embedded.stop();
  const seconds = (performance.now() - started) / 1000;

  const vector = (e: { features: FidelityFeatures }) => FEATURES.map((name) => e.features[name]);
  const faithful = (e: Example) => e.kind === 'correct';
  const train = examples.filter((e) => !e.held);
  const test = examples.filter((e) => e.held);
  const realTrain = real.examples.filter((e) => !heldOut.has(e.entry));
  const realTest = real.examples.filter((e) => heldOut.has(e.entry));
  const made: Sample[] = train.map((e) => ({
    x: vector(e),
    y: faithful(e) ? 1 : 0,
    weight: (1 - REAL_SHARE) * weightOf(e, train),
  }));
  const fit = fitLogistic([...made, ...realSamples(realTrain, vector, REAL_SHARE * train.length)]);
  const newScore = (e: { features: FidelityFeatures }) => predict(fit, vector(e));
  const oldScore = (e: Example) => e.features.roundTripChrF;
  const threshold = precisionThreshold(realTrain, newScore, PRECISION_TARGET);

  reportRealErrors(realTest, real.unjudged, [...real.judges], {
    newScore,
    threshold,
    seconds,
    fittedOn: realTrain.length,
  });
  reportTradeOff(realTrain, realTest, test, newScore);

  const header =
    `\nMade errors, on the held-out half: ${new Set(test.map((e) => e.entry)).size} of ` +
    `${entries.length} entries (${relative(process.cwd(), devsetDir)}), ${test.length} candidates × their source languages; ` +
    `fitted on the other half (${train.length}). ${cpus().length} × ${cpus()[0]?.model.trim()}, ` +
    `Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}, ${seconds.toFixed(0)} s\n`;
  console.log(header);
  const correct = test.filter(faithful);
  const rows = CANDIDATE_KINDS.filter((k) => k !== 'correct').map((kind) => {
    const broken = test.filter((e) => e.kind === kind);
    return [
      kind,
      broken.length,
      auc(correct, broken, oldScore),
      auc(correct, broken, newScore),
      rate(broken, (e) => oldScore(e) < OLD_THRESHOLD),
      rate(broken, (e) => newScore(e) < threshold),
    ];
  });
  const broken = test.filter((e) => !faithful(e));
  rows.push([
    '**all errors**',
    broken.length,
    auc(correct, broken, oldScore),
    auc(correct, broken, newScore),
    rate(broken, (e) => oldScore(e) < OLD_THRESHOLD),
    rate(broken, (e) => newScore(e) < threshold),
  ]);
  rows.push([
    'correct (false alarms)',
    correct.length,
    '',
    '',
    rate(correct, (e) => oldScore(e) < OLD_THRESHOLD),
    rate(correct, (e) => newScore(e) < threshold),
  ]);
  printTable(
    [
      'candidates',
      'n',
      'ROC AUC chrF',
      'ROC AUC new',
      `"check this" chrF < ${OLD_THRESHOLD}`,
      `"check this" new < ${threshold.toFixed(2)}`,
    ],
    rows,
  );

  console.log(
    `\nThe engine's own translations of the held-out entries (${engineOutputs.length}, unlabelled: ` +
      `most are right, some are not) read "check this": ` +
      `${rate(engineOutputs, (e) => oldScore(e) < OLD_THRESHOLD)} with chrF, ` +
      `${rate(engineOutputs, (e) => newScore(e) < threshold)} with the new score.`,
  );
  console.log('\nEach feature alone (held-out ROC AUC, higher for faithful):');
  printTable(
    ['feature', 'coefficient', 'ROC AUC alone'],
    FEATURES.map((name, i) => {
      const sign = name === 'roundTripChrF' ? 1 : -1;
      return [
        name,
        fit.coefficients[i].toFixed(3),
        auc(correct, broken, (e) => sign * e.features[name]),
      ];
    }),
  );
  console.log(`intercept ${fit.intercept.toFixed(3)}; threshold ${threshold.toFixed(3)}`);

  if (process.env.WRITE_MODEL !== '0') {
    writeModel(
      fit.intercept,
      Object.fromEntries(FEATURES.map((name, i) => [name, round(fit.coefficients[i])])),
      threshold,
      `Fitted ${new Date().toISOString().slice(0, 10)} on ${entries.length - heldOut.size} of ` +
        `${entries.length} devset entries, judged engine translations and made errors; threshold ` +
        `for ${Math.round(PRECISION_TARGET * 100)} % precision on real errors.`,
    );
    console.log(`\nWrote ${MODEL_FILE} and the threshold in ${CONSOLE_WORDING}`);
  }
}

/**
 * The embedded engine's translation of every entry in every direction, with its features. Not
 * labelled (whether each is faithful is not known), so only reported, never fitted on.
 */
async function engineRoundTrips(
  translator: EmbeddedTranslator,
  entries: readonly DevsetEntry[],
  limit: LimitFunction,
): Promise<Example[]> {
  const jobs = entries.flatMap((entry) =>
    DEVSET_LANGUAGES.flatMap((from) =>
      DEVSET_LANGUAGES.filter((to) => to !== from).map((to) =>
        limit(async (): Promise<Example> => {
          const translation = await translator.translate(entry[from].text, from, to);
          const backTranslation = await translator.translate(translation, to, from);
          const features = fidelityFeatures(
            {
              source: entry[from].text,
              translation,
              backTranslation,
              sourceLanguage: translator.language(from),
              targetLanguage: translator.language(to),
            },
            translator.terminology,
          );
          return { entry: entry.id, kind: 'correct', features, held: true };
        }),
      ),
    ),
  );
  return Promise.all(jobs);
}

/**
 * The ids of the held-out half: whole entries, so that a sentence never sits on both sides. The
 * entries with a number (few in the devset) are dealt to both halves alternately, as are the
 * others, in an order fixed by a hash of their id.
 */
function heldOutHalf(entries: readonly DevsetEntry[]): Set<string> {
  const byHash = [...entries].sort((a, b) => hashOf(a.id) - hashOf(b.id));
  const withNumber = (e: DevsetEntry) => numberValues(e.en.text, 'en').length > 0;
  const held = new Set<string>();
  for (const group of [byHash.filter(withNumber), byHash.filter((e) => !withNumber(e))]) {
    group.forEach((entry, i) => {
      if (i % 2 === 1) held.add(entry.id);
    });
  }
  return held;
}

/**
 * Correct and broken candidates weigh half of the total each, and each kind of error the same
 * share of the broken half: the devset has few numbers, and a changed dose matters no less.
 */
function weightOf(example: Example, all: readonly Example[]): number {
  const kinds = new Set(all.filter((e) => e.kind !== 'correct').map((e) => e.kind));
  const sameKind = all.filter((e) => e.kind === example.kind).length;
  const share = example.kind === 'correct' ? 0.5 : 0.5 / kinds.size;
  return (share * all.length) / sameKind;
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;

function auc(correct: Example[], broken: Example[], score: (e: Example) => number): string {
  return rocAuc(correct.map(score), broken.map(score)).toFixed(3);
}

function rate(examples: Example[], flagged: (e: Example) => boolean): string {
  const n = examples.filter(flagged).length;
  return `${((100 * n) / Math.max(1, examples.length)).toFixed(1)} %`;
}

/**
 * The judged examples as fitting samples: faithful (ok or minor) and wrong weighing half of
 * `total` each.
 */
function realSamples(
  examples: readonly RealExample[],
  vector: (e: RealExample) => number[],
  total: number,
): Sample[] {
  const wrong = examples.filter((e) => e.wrong).length;
  const right = examples.length - wrong;
  return examples.map((e) => ({
    x: vector(e),
    y: e.wrong ? 0 : 1,
    weight: total / 2 / Math.max(1, e.wrong ? wrong : right),
  }));
}

/**
 * The cut under which the most wrong translations are flagged while at least `target` of the
 * flagged ones are wrong (at least 5 flagged); midway between scores. Without such a cut, the
 * one of the highest precision among those that flag 5 or more.
 */
function precisionThreshold(
  examples: readonly RealExample[],
  score: (e: RealExample) => number,
  target: number,
): number {
  const scored = examples.map((e) => ({ s: score(e), wrong: e.wrong })).sort((a, b) => a.s - b.s);
  let best: { threshold: number; precision: number; caught: number } | undefined;
  let fallback: { threshold: number; precision: number } | undefined;
  let caught = 0;
  for (let i = 0; i < scored.length; i++) {
    if (scored[i].wrong) caught++;
    if (i + 1 < scored.length && scored[i + 1].s === scored[i].s) continue;
    const flagged = i + 1;
    if (flagged < 5) continue;
    const precision = caught / flagged;
    const threshold = (scored[i].s + (i + 1 < scored.length ? scored[i + 1].s : 1)) / 2;
    if (precision >= target && (!best || caught > best.caught))
      best = { threshold, precision, caught };
    if (!fallback || precision > fallback.precision) fallback = { threshold, precision };
  }
  return best?.threshold ?? fallback?.threshold ?? 0;
}

function writeModel(
  intercept: number,
  coefficients: Record<string, number>,
  threshold: number,
  provenance: string,
): void {
  const source = `// Written by bench/fidelity/fit-fidelity.ts (npm run bench:fidelity); do not edit by hand.
// ${provenance}
// What the features are and how they were fitted: docs/translation.md, "Fidelity score".
import type { FidelityModel } from './fidelity-scorer.js';

export const FIDELITY_MODEL: FidelityModel = {
  intercept: ${round(intercept)},
  coefficients: ${JSON.stringify(coefficients)},
  threshold: ${round(threshold)},
};
`;
  writeFileSync(MODEL_FILE, source);
  // The console cannot import server code: its copy of the threshold is rewritten here.
  const wording = readFileSync(CONSOLE_WORDING, 'utf8');
  const updated = wording.replace(
    /(export const FIDELITY_THRESHOLD = )[\d.]+;/,
    `$1${round(threshold)};`,
  );
  if (updated === wording && !wording.includes(`FIDELITY_THRESHOLD = ${round(threshold)};`)) {
    throw new Error(`no FIDELITY_THRESHOLD constant to update in ${CONSOLE_WORDING}`);
  }
  writeFileSync(CONSOLE_WORDING, updated);
  execFileSync(new URL('../../node_modules/.bin/prettier', import.meta.url).pathname, [
    '--write',
    MODEL_FILE,
  ]);
}

runBenchmark(main);

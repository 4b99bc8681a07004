/**
 * Fits the fidelity model (src/orchestrator/pipeline/fidelity/) on labelled candidates made from
 * the development set, and reports how well it separates correct translations from broken ones,
 * against the raw round-trip chrF it replaces.
 *
 * For every entry, target language and source language: the reference translation (correct) and
 * its broken copies (candidates.ts), each back-translated by the embedded engine. Entries are
 * split in two halves by a hash of their id: the model is fitted on one (each class weighing
 * half, so 0.5 means as likely faithful as not), the threshold is chosen there too (Youden's J),
 * and everything reported is measured on the other half.
 *
 * Run: npm run bench:fidelity   (DEVSET_DIR=/path/to/devset to use another development set;
 * WRITE_MODEL=0 to report without rewriting fidelity-model.ts and the console's threshold)
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
import { CANDIDATE_KINDS, type CandidateKind, candidatesOf } from './candidates.js';
import { truncate } from './corruptions.js';
import { EmbeddedTranslator } from './embedded-translator.js';
import { fitLogistic, predict } from './logistic-regression.js';
import { rocAuc } from './roc-auc.js';
import { hashOf } from './seeded-random.js';

/** The features the model combines: few, so that it generalises beyond the development set. */
const FEATURES: readonly FidelityFeatureName[] = (
  process.env.FIDELITY_FEATURES ??
  'roundTripChrF,termDisagreements,numbersDiffer,negationDiffers,unfinished,shortfall'
).split(',') as FidelityFeatureName[];
/** The console's reading of the raw chrF before calibration. */
const OLD_THRESHOLD = 0.85;
const CONSOLE_WORDING = new URL('../../console/src/wording.ts', import.meta.url).pathname;
const MODEL_FILE = new URL(
  '../../src/orchestrator/pipeline/fidelity/fidelity-model.ts',
  import.meta.url,
).pathname;

interface Example {
  readonly entry: string;
  readonly kind: CandidateKind;
  readonly features: FidelityFeatures;
  readonly held: boolean;
}

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
  const seconds = (performance.now() - started) / 1000;

  const vector = (e: Example) => FEATURES.map((name) => e.features[name]);
  const faithful = (e: Example) => e.kind === 'correct';
  const train = examples.filter((e) => !e.held);
  const test = examples.filter((e) => e.held);
  const fit = fitLogistic(
    train.map((e) => ({ x: vector(e), y: faithful(e) ? 1 : 0, weight: weightOf(e, train) })),
  );
  const newScore = (e: Example) => predict(fit, vector(e));
  const oldScore = (e: Example) => e.features.roundTripChrF;
  const threshold = youdenThreshold(train, newScore, faithful);

  const header =
    `Fidelity score on the held-out half: ${new Set(test.map((e) => e.entry)).size} of ` +
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
        `${entries.length} devset entries; held-out ROC AUC ${auc(correct, broken, newScore)} ` +
        `(raw chrF: ${auc(correct, broken, oldScore)}).`,
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

/** The cut that maximises sensitivity + specificity − 1 on the fitting half, midway between scores. */
function youdenThreshold(
  examples: Example[],
  score: (e: Example) => number,
  faithful: (e: Example) => boolean,
): number {
  const scored = examples.map((e) => ({ s: score(e), ok: faithful(e) })).sort((a, b) => a.s - b.s);
  const positives = scored.filter((x) => x.ok).length;
  const negatives = scored.length - positives;
  let best = { j: -Infinity, threshold: 0.5 };
  let positivesBelow = 0;
  let negativesBelow = 0;
  for (let i = 0; i < scored.length; i++) {
    if (scored[i].ok) positivesBelow++;
    else negativesBelow++;
    if (i + 1 < scored.length && scored[i + 1].s === scored[i].s) continue;
    // Flagging every score up to scored[i]: broken ones caught minus correct ones flagged.
    const j = negativesBelow / negatives - positivesBelow / positives;
    const next = i + 1 < scored.length ? scored[i + 1].s : 1;
    if (j > best.j) best = { j, threshold: (scored[i].s + next) / 2 };
  }
  return best.threshold;
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

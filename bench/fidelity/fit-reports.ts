/**
 * What bench:fidelity prints of a fit (fit-fidelity.ts): the warnings' precision and recall on
 * the held-out judged translations, and what other thresholds would do.
 */
import { cpus } from 'node:os';
import type { FidelityFeatures } from '../../src/orchestrator/pipeline/fidelity/fidelity-features.js';
import { FIDELITY_MODEL } from '../../src/orchestrator/pipeline/fidelity/fidelity-model.js';
import { probability } from '../../src/orchestrator/pipeline/fidelity/fidelity-scorer.js';
import { printTable } from '../support/latency.js';
import type { CandidateKind } from './candidates.js';
import { ERROR_CLASSES } from './judgements.js';
import type { RealExample } from './real-errors.js';
import { rocAuc } from './roc-auc.js';

/** The model in use before this fit, for comparison. */
export const PREVIOUS_MODEL = FIDELITY_MODEL;
/** The console's reading of the raw chrF before calibration. */
export const OLD_THRESHOLD = 0.85;

/** A made example: a reference translation (correct) or one of its broken copies. */
export interface Example {
  readonly entry: string;
  readonly kind: CandidateKind;
  readonly features: FidelityFeatures;
  readonly held: boolean;
}

/** Precision and recall of the warnings on the held-out judged translations, by score and error class. */
export function reportRealErrors(
  test: readonly RealExample[],
  unjudged: number,
  judges: readonly string[],
  run: {
    newScore: (e: RealExample) => number;
    threshold: number;
    seconds: number;
    fittedOn: number;
  },
): void {
  const wrong = test.filter((e) => e.wrong);
  console.log(
    `Real errors: the engine's own translations of the held-out half of the development set, ` +
      `judged (${test.length}: ${wrong.length} wrong, ${test.filter((e) => e.verdict === 'minor').length} minor, ` +
      `${test.filter((e) => e.verdict === 'ok').length} ok); fitted on the other half (${run.fittedOn}). ` +
      `${unjudged} translations had no judgement of their current text and were left out. ` +
      `Judged by: ${judges.join('; ')}. ${cpus().length} × ${cpus()[0]?.model.trim()}, ` +
      `Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}, ${run.seconds.toFixed(0)} s\n`,
  );
  const scores: [string, (e: RealExample) => boolean][] = [
    [`new model < ${run.threshold.toFixed(3)}`, (e) => run.newScore(e) < run.threshold],
    [
      `previous model < ${PREVIOUS_MODEL.threshold}`,
      (e) => probability(PREVIOUS_MODEL, e.features) < PREVIOUS_MODEL.threshold,
    ],
    [`round-trip chrF < ${OLD_THRESHOLD}`, (e) => e.features.roundTripChrF < OLD_THRESHOLD],
  ];
  printTable(
    [
      'warning when',
      'flagged',
      'of them wrong (precision)',
      'wrong ones flagged (recall)',
      'ROC AUC',
    ],
    scores.map(([name, flags], i) => {
      const flagged = test.filter(flags);
      const hits = flagged.filter((e) => e.wrong).length;
      const ranking =
        i === 0
          ? run.newScore
          : i === 1
            ? (e: RealExample) => probability(PREVIOUS_MODEL, e.features)
            : (e: RealExample) => e.features.roundTripChrF;
      return [
        name,
        `${flagged.length} (${pct(flagged.length, test.length)})`,
        `${pct(hits, flagged.length)} (${hits}/${flagged.length})`,
        `${pct(hits, wrong.length)} (${hits}/${wrong.length})`,
        rocAuc(test.filter((e) => !e.wrong).map(ranking), wrong.map(ranking)).toFixed(3),
      ];
    }),
  );
  console.log(
    '\nWrong translations flagged by the new model, by what went wrong (one may have several):',
  );
  printTable(
    ['error', 'wrong translations', 'flagged'],
    ERROR_CLASSES.map((kind) => {
      const ofKind = wrong.filter((e) => e.errors.includes(kind));
      const hits = ofKind.filter((e) => run.newScore(e) < run.threshold).length;
      return [kind, ofKind.length, `${pct(hits, ofKind.length)} (${hits})`];
    }).filter((row) => row[1] !== 0),
  );
  const falseAlarms = test.filter((e) => !e.wrong && run.newScore(e) < run.threshold);
  console.log(
    `\nFalse alarms (${falseAlarms.length}):\n${falseAlarms
      .slice(0, 10)
      .map((e) => `  ${e.key} ${e.verdict}: "${e.translation}"`)
      .join('\n')}`,
  );
}

/**
 * What other thresholds would do: precision and recall on the real errors of both halves, and
 * the share of each kind of made error (and of correct references) flagged on the held-out half.
 */
export function reportTradeOff(
  realTrain: readonly RealExample[],
  realTest: readonly RealExample[],
  made: readonly Example[],
  score: (e: { features: FidelityFeatures }) => number,
): void {
  const pr = (examples: readonly RealExample[], t: number) => {
    const flagged = examples.filter((e) => score(e) < t);
    const hits = flagged.filter((e) => e.wrong).length;
    return `${pct(hits, flagged.length)} / ${pct(hits, examples.filter((e) => e.wrong).length)}`;
  };
  const madeShare = (kind: CandidateKind | 'correct', t: number) =>
    pct(
      made.filter((e) => e.kind === kind && score(e) < t).length,
      made.filter((e) => e.kind === kind).length,
    );
  console.log('\nOther thresholds (precision / recall on real errors; made errors flagged):');
  printTable(
    [
      'threshold',
      'real, fitting half',
      'real, held out',
      'negation flipped',
      'number changed',
      'truncated',
      'term dropped',
      'correct references',
    ],
    [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5].map((t) => [
      t,
      pr(realTrain, t),
      pr(realTest, t),
      madeShare('negation flipped', t),
      madeShare('number changed', t),
      madeShare('truncated', t),
      madeShare('term dropped', t),
      madeShare('correct', t),
    ]),
  );
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);

import * as fc from 'fast-check';
import { type AnswerRules, answerProblems } from './answer.js';
import { describeRequest, type FuzzAnswer, type FuzzRequest, send } from './client.js';
import { FUZZ_PATH, FUZZ_RUNS, FUZZ_SEED, REQUEST_TIMEOUT_MS } from './config.js';

/** One endpoint under fuzz: its generator, fixed examples, and what it may answer. */
export interface Target {
  /** e.g. `POST /api/v1/translation/translate`: also the test's name, for `-t`. */
  readonly name: string;
  readonly cases: fc.Arbitrary<FuzzRequest>;
  /** Run once each before the generated cases (bounds, whole recordings). */
  readonly examples?: readonly FuzzRequest[];
  readonly rules?: AnswerRules;
  /** Average cost of one case, for the test's timeout. */
  readonly msPerCase?: number;
  /**
   * Requests whose answers must not change: sent after every case that reached an engine (a 2xx
   * or 5xx answer), they catch a hostile request that corrupts a persistent engine process, so
   * that later clients would get wrong answers (or another client's).
   */
  readonly canaries?: {
    readonly requests: readonly FuzzRequest[];
    readonly key: (answer: FuzzAnswer) => string;
  };
}

export interface TargetStats {
  readonly name: string;
  generated: number;
  examples: number;
  statuses: Map<number, number>;
  totalMs: number;
  maxMs: number;
  slowest: string;
  wallMs: number;
}

export const formatStatuses = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

/**
 * Sends `runs` generated requests (plus the target's examples) to the server on `port`, one at a
 * time, and fails on the first answer that is a 5xx, not a decisions §3 body, leaks the server's
 * insides, or does not come within REQUEST_TIMEOUT_MS. fast-check then shrinks the request and
 * reports it with the seed and path that replay it (FUZZ_SEED, FUZZ_PATH).
 */
export async function fuzz(
  port: number,
  target: Target,
  runs = FUZZ_RUNS,
  seed = FUZZ_SEED,
): Promise<TargetStats> {
  const examples = target.examples ?? [];
  const stats: TargetStats = {
    name: target.name,
    generated: 0,
    examples: 0,
    statuses: new Map(),
    totalMs: 0,
    maxMs: 0,
    slowest: '',
    wallMs: 0,
  };
  const exampleSet = new Set<FuzzRequest>(examples);
  const canaries = target.canaries;
  const expected: string[] = [];
  for (const request of canaries?.requests ?? []) {
    expected.push(canaries!.key(await send(port, request, REQUEST_TIMEOUT_MS)));
  }
  /** What differs in the canaries' answers from before the fuzz. */
  const canaryProblems = async (): Promise<string[]> => {
    const problems: string[] = [];
    for (const [i, request] of (canaries?.requests ?? []).entries()) {
      const got = canaries!.key(await send(port, request, REQUEST_TIMEOUT_MS));
      if (got !== expected[i]) {
        problems.push(
          `after this request, ${describeRequest(request).slice(0, 200)} answers ${JSON.stringify(got.slice(0, 200))}, not ${JSON.stringify(expected[i].slice(0, 200))}`,
        );
      }
    }
    return problems;
  };
  let shrinking = false;
  const started = performance.now();
  const property = fc.asyncProperty(target.cases, async (request) => {
    let answer;
    try {
      answer = await send(port, request, REQUEST_TIMEOUT_MS);
    } catch (error) {
      shrinking = true;
      throw new Error(`${(error as Error).message}\n  request: ${describeRequest(request)}`, {
        cause: error,
      });
    }
    if (!shrinking) {
      if (exampleSet.has(request)) stats.examples++;
      else stats.generated++;
      stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
      stats.totalMs += answer.ms;
      if (answer.ms > stats.maxMs) {
        stats.maxMs = answer.ms;
        stats.slowest = `${answer.status} ${describeRequest(request).slice(0, 160)}`;
      }
    }
    const problems = answerProblems(request, answer, target.rules);
    if (canaries && (answer.status < 300 || answer.status >= 500))
      problems.push(...(await canaryProblems()));
    if (problems.length > 0) {
      shrinking = true;
      throw new Error(
        `${problems.join('; ')}\n  answer: ${answer.status} ${JSON.stringify(answer.headers['content-type'] ?? '')} ` +
          `${answer.text.slice(0, 600)}\n  request: ${describeRequest(request)}`,
      );
    }
  });
  try {
    await fc.assert(property, {
      seed: targetSeed(seed, target.name),
      path: FUZZ_PATH,
      numRuns: FUZZ_PATH ? 1 : runs + examples.length,
      examples: FUZZ_PATH ? [] : examples.map((example) => [example] as [FuzzRequest]),
      endOnFailure: process.env.FUZZ_SHRINK === '0',
    });
  } catch (error) {
    const path = /path: "([\d:]+)"/.exec(String((error as Error).message))?.[1];
    const replay =
      `Replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}${path ? ` FUZZ_PATH=${path}` : ''} ` +
      `npm run jest -- test/fuzz/http-input.e2e-spec.ts -t '${target.name}'`;
    (error as Error).message = `${replay}\n${(error as Error).message}`;
    throw error;
  }
  stats.wallMs = performance.now() - started;
  return stats;
}

/**
 * Each endpoint's own seed, derived from FUZZ_SEED and its name: endpoints with the same
 * generator (the GET routes) get different cases, and one endpoint replays alone.
 */
export function targetSeed(seed: number, name: string): number {
  let hash = seed | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** One line per endpoint, for the test output and docs/reliability.md. */
export function summaryLine(stats: TargetStats): string {
  const cases = stats.generated + stats.examples;
  const mean = cases ? stats.totalMs / cases : 0;
  return (
    `${stats.name.padEnd(40)} ${String(stats.generated).padStart(5)} generated + ` +
    `${String(stats.examples).padStart(2)} fixed, ${(stats.wallMs / 1000).toFixed(1).padStart(5)} s ` +
    `(mean ${mean.toFixed(1)} ms, max ${stats.maxMs.toFixed(0)} ms) | ${formatStatuses(stats.statuses)}`
  );
}

/**
 * Phase B, leak: rounds of short sessions, `concurrency` at a time, with the server's memory read
 * before the first round, after every 100 sessions and after a 10 s pause ending each round.
 * Memory is flat when the last round ends within a tolerance of the first round's end.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { speechRecordings } from '../../test/support/speech-fixtures.js';
import { printTable } from '../support/latency.js';
import type { RunContext } from './run-context.js';
import { readServerMemory, type ServerMemory } from './server-memory.js';
import { runShortSession } from './short-session.js';

const CHECKPOINT_EVERY = 100;
const PAUSE_MS = 10_000;
/** Before the first reading: lets the server settle after phase A or the warm-up. */
const FIRST_READING_AFTER_MS = 5000;

export interface LeakPhaseOptions extends RunContext {
  /** The server's V8 inspector, to force a full garbage collection before each reading. */
  inspectorUrl?: string;
  sessions: number;
  rounds: number;
  concurrency: number;
}

interface MemoryReading extends ServerMemory {
  label: string;
  /** Failed sessions so far. */
  failures: number;
}

/** Runs the phase and prints its readings; returns its verdicts. */
export async function runLeakPhase(options: LeakPhaseOptions): Promise<string[]> {
  const { pid, inspectorUrl, sessions, rounds, concurrency } = options;
  const texts = speechRecordings().map((recording) => recording.text);
  const readings: MemoryReading[] = [];
  let failures = 0;
  const problems = new Map<string, number>();
  const read = async (label: string, settleMs = 0): Promise<MemoryReading> => {
    if (settleMs > 0) await sleep(settleMs);
    const memory = await readServerMemory(options.base, pid, inspectorUrl);
    const reading = { label, ...memory, failures };
    readings.push(reading);
    options.progress(
      `${label}: RSS ${reading.rssMiB.toFixed(1)} MiB, heap ${reading.heapUsedMiB.toFixed(1)} MiB, open ${reading.open}`,
    );
    return reading;
  };
  const roundEnds: MemoryReading[] = [];
  const started = performance.now();
  await read('before', FIRST_READING_AFTER_MS);
  for (let round = 1; round <= rounds; round++) {
    let nextIndex = 0;
    for (let done = 0; done < sessions;) {
      const batchEnd = done + Math.min(CHECKPOINT_EVERY, sessions - done);
      await Promise.all(
        Array.from({ length: Math.min(concurrency, batchEnd - done) }, async () => {
          while (nextIndex < batchEnd) {
            const index = nextIndex++;
            const text = texts[index % texts.length];
            const result = await runShortSession(options.wsUrl, index, text, options.privacy);
            if (!result.ok) {
              failures++;
              const key = result.problem ?? 'failed';
              problems.set(key, (problems.get(key) ?? 0) + 1);
            }
          }
        }),
      );
      done = batchEnd;
      await read(`round ${round}, ${done} sessions`);
    }
    roundEnds.push(await read(`round ${round}, after ${PAUSE_MS / 1000} s pause`, PAUSE_MS));
  }
  const wall = (performance.now() - started) / 1000;
  console.log(
    `\n## Phase B: ${rounds} × ${sessions} short sessions, ${concurrency} at a time ` +
      `(text_input → tts B → conversation_exit with archive; every 5th cut with terminate() at its asr_result); ` +
      `took ${wall.toFixed(0)} s; heap read ${inspectorUrl ? 'after a forced full GC' : 'as found (no forced GC)'}\n`,
  );
  printTable(
    [
      'reading',
      'server VmRSS MiB',
      'metrics process_resident MiB',
      'metrics heap used MiB',
      'sessions open',
      'failed sessions so far',
    ],
    readings.map((r) => [
      r.label,
      r.rssMiB.toFixed(1),
      r.metricsRssMiB.toFixed(1),
      r.heapUsedMiB.toFixed(1),
      r.open,
      r.failures,
    ]),
  );
  for (const [problem, count] of problems) console.log(`\n${count} × ${problem}`);
  // Tolerances: a leak of one session's audio (its WAVs, ≥ 100 KB) would add ≥ 50 MB per 500;
  // below these, differences are allocator and GC noise (see docs/reliability.md).
  const heapTolerance = inspectorUrl ? 4 : 24;
  const rssTolerance = 24;
  const first = roundEnds[0];
  const last = roundEnds[roundEnds.length - 1];
  const heapGrowth = last.heapUsedMiB - first.heapUsedMiB;
  const rssGrowth = last.rssMiB - first.rssMiB;
  const open = readings[readings.length - 1].open;
  const flat = heapGrowth <= heapTolerance && (!pid || rssGrowth <= rssTolerance) && rounds > 1;
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
  return [
    rounds > 1
      ? `Memory flat: ${flat ? 'PASS' : 'FAIL'}, round ${rounds} ends ${signed(heapGrowth)} MiB of heap ` +
        `(tolerance ${heapTolerance}) and ${pid ? `${signed(rssGrowth)} MiB of RSS (tolerance ${rssTolerance})` : 'RSS not measured'} ` +
        `from round 1's end, i.e. ${((heapGrowth * 1024) / sessions / (rounds - 1)).toFixed(1)} KiB of heap per session`
      : 'Memory flat: not judged (one round only)',
    `No session left: ${open === 0 ? 'PASS' : 'FAIL'}, orchestrator_ws_connections_total − orchestrator_ws_disconnections_total = ${open}; ${failures} of ${rounds * sessions} short sessions failed`,
  ];
}

/**
 * Phase A, load: concurrent sessions streaming the fixture conversation, repeated for the given
 * minutes, in real time and started `staggerMs` apart, while HTTP traffic goes to every endpoint.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildFixtureConversation, SAMPLE_RATE } from '../support/fixture-conversation.js';
import type { Endpoint } from './http-endpoints.js';
import { reportHttpTraffic, sendHttpTraffic } from './http-traffic.js';
import { runLoadSession } from './live-load-session.js';
import { PhaseResources } from './phase-resources.js';
import type { RunContext } from './run-context.js';
import { printSessions, sessionVerdicts } from './session-report.js';

export interface LoadPhaseOptions extends RunContext {
  endpoints: Endpoint[];
  minutes: number;
  sessions: number;
  staggerMs: number;
  httpRate: number;
  verbose: boolean;
}

/** Runs the phase and prints its tables; returns its verdicts. */
export async function runLoadPhase(options: LoadPhaseOptions): Promise<string[]> {
  const { sessions, staggerMs, httpRate, progress } = options;
  const conversation = buildFixtureConversation(options.minutes * 60);
  const audioSeconds = conversation.samples.length / SAMPLE_RATE;
  progress(`phase A: ${sessions} sessions × ${audioSeconds.toFixed(0)} s, HTTP ${httpRate} req/s`);
  const resources = new PhaseResources(options.pid);
  const stopHttp = new AbortController();
  const traffic =
    httpRate > 0
      ? sendHttpTraffic(options.base, options.endpoints, httpRate, stopHttp.signal)
      : undefined;
  const results = await Promise.all(
    Array.from({ length: sessions }, async (_, index) => {
      await sleep(index * staggerMs);
      return runLoadSession(options.wsUrl, conversation, options.privacy);
    }),
  );
  stopHttp.abort();
  const http = await traffic;
  const wall = resources.stop();
  progress(`phase A done in ${wall.toFixed(0)} s`);

  console.log(
    `\n## Phase A: ${sessions} sessions × ${audioSeconds.toFixed(1)} s of real-time speech ` +
      `(${conversation.sentences.length} sentences each), started ${staggerMs} ms apart, with ` +
      `HTTP traffic at ${httpRate} req/s; took ${wall.toFixed(0)} s\n`,
  );
  printSessions(results, audioSeconds, options.verbose);
  const verdicts = sessionVerdicts(results);
  if (http) verdicts.push(reportHttpTraffic(http, options.endpoints, httpRate));
  resources.print();
  await sleep(2000);
  return verdicts;
}

/** Phase A's HTTP traffic: open-loop requests round-robin to every endpoint, and its report. */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatP50P95, percentile, printTable } from '../support/latency.js';
import { describeError, tally } from './error-summary.js';
import type { Endpoint } from './http-endpoints.js';

/** Most HTTP requests in flight; past it a tick is skipped (and counted). */
const HTTP_MAX_IN_FLIGHT = 24;
const HTTP_TIMEOUT_MS = 60_000;

/** Each endpoint once, before the measures; throws unless it gives its first expected answer. */
export async function warmUpEndpoints(base: string, endpoints: Endpoint[]): Promise<void> {
  for (const endpoint of endpoints) {
    const response = await endpoint.send(base, AbortSignal.timeout(HTTP_TIMEOUT_MS));
    await response.arrayBuffer();
    if (response.status !== endpoint.expected[0]) {
      throw new Error(
        `warm-up: ${endpoint.name} answered ${response.status}, not ${endpoint.expected[0]}`,
      );
    }
  }
}

export interface HttpTraffic {
  /** Per endpoint name. */
  stats: Map<string, EndpointStats>;
  /** Ticks with no request sent, because HTTP_MAX_IN_FLIGHT were already in flight. */
  skipped: number;
}

export interface EndpointStats {
  statuses: number[];
  latencies: number[];
  failures: string[];
  /** `detail` of the answers other than expected. */
  unexpected: string[];
}

/** Sends `rate` requests per second, round-robin over the endpoints, until `stop` is aborted. */
export async function sendHttpTraffic(
  base: string,
  list: Endpoint[],
  rate: number,
  stop: AbortSignal,
): Promise<HttpTraffic> {
  const stats = new Map(
    list.map((endpoint) => [
      endpoint.name,
      { statuses: [], latencies: [], failures: [], unexpected: [] } as EndpointStats,
    ]),
  );
  let inFlight = 0;
  let skipped = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  for (let tick = 0; !stop.aborted; tick++) {
    const wait = started + (tick * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    if (stop.aborted) break;
    if (inFlight >= HTTP_MAX_IN_FLIGHT) {
      skipped++;
      continue;
    }
    const endpoint = list[tick % list.length];
    const entry = stats.get(endpoint.name)!;
    inFlight++;
    const t0 = performance.now();
    const request = endpoint
      .send(base, AbortSignal.timeout(HTTP_TIMEOUT_MS))
      .then(async (response) => {
        const body = await response.arrayBuffer();
        entry.statuses.push(response.status);
        if (!endpoint.expected.includes(response.status)) {
          let detail: unknown = '';
          try {
            detail = (JSON.parse(Buffer.from(body).toString('utf8')) as { detail?: unknown })
              .detail;
          } catch {
            /* not JSON */
          }
          entry.unexpected.push(
            `${endpoint.name} ${response.status}: ${describeError({ detail: typeof detail === 'string' ? detail : JSON.stringify(detail) })}`,
          );
        }
        entry.latencies.push(performance.now() - t0);
      })
      .catch((error: unknown) => {
        entry.statuses.push(0);
        entry.failures.push(error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        inFlight--;
        pending.delete(request);
      });
    pending.add(request);
  }
  await Promise.all(pending);
  return { stats, skipped };
}

/** Prints the traffic's table per endpoint and its unexpected answers; returns its verdict. */
export function reportHttpTraffic(http: HttpTraffic, list: Endpoint[], httpRate: number): string {
  console.log(
    `\nHTTP, ${httpRate} req/s round-robin (open loop; ${http.skipped} ticks skipped at ${HTTP_MAX_IN_FLIGHT} in flight):\n`,
  );
  const httpRows: (string | number)[][] = [];
  const all: EndpointStats = { statuses: [], latencies: [], failures: [], unexpected: [] };
  let unexpectedTotal = 0;
  for (const endpoint of list) {
    const entry = http.stats.get(endpoint.name)!;
    all.statuses.push(...entry.statuses);
    all.latencies.push(...entry.latencies);
    all.failures.push(...entry.failures);
    all.unexpected.push(...entry.unexpected);
    const klass = (k: number) => entry.statuses.filter((s) => Math.floor(s / 100) === k).length;
    const unexpected = entry.statuses.filter((s) => !endpoint.expected.includes(s));
    unexpectedTotal += unexpected.length;
    httpRows.push([
      endpoint.name,
      endpoint.expected.join(' or '),
      entry.statuses.length,
      klass(2),
      klass(4),
      klass(5),
      entry.failures.length,
      unexpected.length === 0 ? 0 : `${unexpected.length} (${[...new Set(unexpected)].join(', ')})`,
      formatP50P95(entry.latencies),
    ]);
  }
  const klass = (k: number) => all.statuses.filter((s) => Math.floor(s / 100) === k).length;
  httpRows.push([
    '**all**',
    '',
    all.statuses.length,
    klass(2),
    klass(4),
    klass(5),
    all.failures.length,
    unexpectedTotal,
    formatP50P95(all.latencies),
  ]);
  printTable(
    [
      'endpoint',
      'expected',
      'requests',
      '2xx',
      '4xx',
      '5xx',
      'no answer',
      'unexpected',
      'p50 / p95 ms',
    ],
    httpRows,
  );
  const httpProblems = [...tally(all.unexpected), ...tally(all.failures)];
  if (httpProblems.length > 0) {
    console.log(
      `\nHTTP answers not expected, and failures:\n\n${httpProblems.map((line) => `- ${line}`).join('\n')}`,
    );
  }
  const health = http.stats.get('GET /health')!.statuses;
  return `HTTP under load: ${unexpectedTotal === 0 ? 'PASS' : 'FAIL'}, ${all.statuses.length} requests, ${unexpectedTotal} unexpected answers, ${all.failures.length} without answer; p95 ${percentile(all.latencies, 95)?.toFixed(0) ?? '–'} ms; readiness (/health) 503 in ${health.filter((status) => status === 503).length} of ${health.length}`;
}

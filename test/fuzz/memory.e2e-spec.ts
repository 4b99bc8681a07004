import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { type BuiltServer, ensureBuilt, startBuiltServer } from '../support/built-server.js';
import { SPEECH_WAVS } from '../support/fuzz/wav-bases.js';
import { send } from '../support/fuzz/client.js';
import { FUZZ_ENV, FUZZ_SEED, MEMORY_RUNS, timeoutFor } from '../support/fuzz/config.js';
import { jsonRequest } from '../support/fuzz/json.js';
import { fuzz, type TargetStats } from '../support/fuzz/run.js';
import { TARGETS } from '../support/fuzz/targets.js';

/**
 * Memory of the service as `npm start` runs it (`node dist/main.js`, a child process), under
 * rounds of the hostile-input fuzz of every endpoint. After each round the server's heap is
 * measured after a full garbage collection (through its inspector, on a loopback port of the
 * test's own), with its resident set (VmRSS of the Node process and its recognizer workers): the
 * heap must come back to the baseline, round after round. A leak grows with every round; a
 * first-use allocation (a compiled path, a pool) does not. RSS is reported, and only bounded
 * loosely: V8 and malloc keep freed pages for reuse. Every answer gets the checks of
 * http-input.e2e-spec.ts.
 */

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS of a process, in bytes (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The process's children (the pocketsphinx workers), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** A minimal Chrome DevTools Protocol client for the server's inspector. */
class Inspector {
  private id = 0;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
    });
  }

  static async connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Inspector(socket);
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = ++this.id;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** process.memoryUsage() of the server after full garbage collections. */
  async memoryAfterGc(): Promise<NodeJS.MemoryUsage> {
    for (let i = 0; i < 3; i++) await this.call('HeapProfiler.collectGarbage');
    const result = (await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(result.result.value) as NodeJS.MemoryUsage;
  }

  close(): void {
    this.socket.close();
  }
}

interface Sample {
  /** Heap used after GC. */
  readonly heap: number;
  /** Buffers and other memory outside the heap, after GC. */
  readonly external: number;
  /** VmRSS of the Node process. */
  readonly node: number;
  /** VmRSS of the Node process and its children (pocketsphinx workers). */
  readonly total: number;
}

/** The server once idle for `ms` (timers and worker pools settle), after a full GC. */
async function settled(inspector: Inspector, pid: number, ms: number): Promise<Sample> {
  await sleep(ms);
  const { heapUsed, external } = await inspector.memoryAfterGc();
  const node = rssOf(pid);
  const total = node + childrenOf(pid).reduce((sum, child) => sum + rssOf(child), 0);
  return { heap: heapUsed, external, node, total };
}

const line = (label: string, s: Sample) =>
  `  ${label.padEnd(36)} heap ${mb(s.heap).padStart(9)}, external ${mb(s.external).padStart(8)}, ` +
  `RSS ${mb(s.node).padStart(9)} (with workers ${mb(s.total)})`;

describe('Memory under hostile HTTP input (node dist/main.js: heap after GC, VmRSS)', () => {
  let server: BuiltServer | undefined;
  let inspector: Inspector | undefined;

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer(
      { LOG_LEVEL: 'silent', ...FUZZ_ENV },
      { readyTimeoutMs: 60_000, inspect: true },
    );
    const url = server.inspectorUrl();
    if (!url) throw new Error(`no inspector URL on the server's stderr:\n${server.stderr()}`);
    inspector = await Inspector.connect(url);
  }, 240_000);

  afterAll(async () => {
    inspector?.close();
    await server?.stop();
  });

  it(
    `does not grow from one round of ${MEMORY_RUNS} cases per endpoint to the next`,
    async () => {
      const { port } = server!;
      const pid = server!.child.pid!;
      const round = async (seed: number, runs: number) => {
        const stats: TargetStats[] = [];
        for (const target of TARGETS)
          stats.push(await fuzz(port, { ...target, examples: [] }, runs, seed));
        return stats.reduce((sum, s) => sum + s.generated, 0);
      };

      const started = await settled(inspector!, pid, 0);
      // First use: voice list, language availability, recognizer workers, the 44.1 kHz resampler.
      for (const wav of SPEECH_WAVS) {
        const body = JSON.stringify({ audio_base64: wav.toString('base64') });
        await send(port, jsonRequest('/api/v1/transcribe', body, 'warm-up'), 60_000);
      }
      for (const path of [
        '/languages',
        '/api/v1/translation/languages',
        '/api/v1/synthetize/voices',
      ]) {
        await send(port, { method: 'GET', path, headers: {}, kind: 'warm-up' }, 60_000);
      }
      const warmUp = await round(FUZZ_SEED + 1, Math.max(10, Math.floor(MEMORY_RUNS / 4)));
      const baseline = await settled(inspector!, pid, 1000);
      const first = await round(FUZZ_SEED + 2, MEMORY_RUNS);
      const afterFirst = await settled(inspector!, pid, 1000);
      const second = await round(FUZZ_SEED + 3, MEMORY_RUNS);
      const afterSecond = await settled(inspector!, pid, 1000);
      const later = await settled(inspector!, pid, 2000);

      console.log(
        [
          'Memory of node dist/main.js under the hostile-input fuzz (after a full GC):',
          line('at start', started),
          line(`after warm-up (${warmUp} cases): baseline`, baseline),
          line(`after round 1 (${first} cases)`, afterFirst),
          line(`after round 2 (${second} cases)`, afterSecond),
          line('2 s later', later),
        ].join('\n'),
      );

      const answer = await send(
        port,
        jsonRequest(
          '/api/v1/translation/translate',
          '{"text":"Hello","source_language":"eng_Latn","target_language":"spa_Latn"}',
          'after',
        ),
        10_000,
      );
      expect(answer.status).toBe(200);
      // The heap back to the baseline, and no growth from one round to the next.
      expect(later.heap - baseline.heap).toBeLessThan(16 * MB);
      expect(later.heap - afterFirst.heap).toBeLessThan(8 * MB);
      expect(later.external - baseline.external).toBeLessThan(16 * MB);
      expect(later.total - baseline.total).toBeLessThan(192 * MB);
    },
    timeoutFor(Math.ceil(MEMORY_RUNS * 2.5) * TARGETS.length, 40),
  );
});

/**
 * Translate endpoint vs. the engine called directly: requests per second and p50/p95 latency of a
 * 20-word sentence at 1 and 8 concurrent clients. The server runs as `npm start` runs it (a child
 * process, built dist/, info logging to a discarded pipe); the engine runs in this process.
 * Run: npm run bench:translation   (BENCH_REQUESTS=N to change the number of requests per row)
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { AddressInfo, createServer } from 'node:net';
import { cpus } from 'node:os';
import { LanguageCatalog } from '../../src/translation/catalog/language-catalog.js';
import { ApertiumEngine } from '../../src/translation/engines/apertium/apertium.engine.js';
import { measure, percentile, printTable } from '../support/latency.js';

const SENTENCE =
  'The patient reports severe chest pain since this morning and takes 75 mg of aspirin every day after his dinner.';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = [1, 8];

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

async function startServer(port: number) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, PORT: String(port), API_KEYS: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/translation/languages`);
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function main() {
  const words = SENTENCE.split(/\s+/).length;
  if (words !== 20) throw new Error(`the benchmark sentence has ${words} words, not 20`);
  const catalog = new LanguageCatalog();
  const [source, target] = ['eng_Latn', 'spa_Latn'].map((code) => catalog.findByCode(code)!);

  const engine = new ApertiumEngine(process.env.APERTIUM_DATA_DIR ?? '/usr/share/apertium');
  await engine.onModuleInit();
  const port = await freePort();
  const server = await startServer(port);
  const body = JSON.stringify({
    text: SENTENCE,
    source_language: source.code,
    target_language: target.code,
  });
  const url = `http://127.0.0.1:${port}/api/v1/translation/translate`;

  const viaEngine = async () => {
    await engine.translate({ text: SENTENCE, source, target }, new AbortController().signal);
  };
  // translation_seconds of each answer: the engine's time as measured inside the service.
  let insideService: number[] = [];
  const viaHttp = async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    const result = (await res.json()) as { translation_seconds: number };
    insideService.push(result.translation_seconds * 1000);
  };

  const rows: (string | number)[][] = [];
  const p50s: Record<string, number> = {};
  try {
    for (const concurrency of CONCURRENCY) {
      for (const [name, task] of [
        ['engine (in process)', viaEngine],
        ['POST /api/v1/translation/translate', viaHttp],
      ] as const) {
        await measure(200, concurrency, task); // warm-up
        insideService = [];
        const { latencies, seconds } = await measure(REQUESTS, concurrency, task);
        const p50 = percentile(latencies, 50);
        p50s[`${name}@${concurrency}`] = p50;
        rows.push([
          name,
          concurrency,
          REQUESTS,
          (REQUESTS / seconds).toFixed(0),
          p50.toFixed(2),
          percentile(latencies, 95).toFixed(2),
          insideService.length ? percentile(insideService, 50).toFixed(2) : '–',
        ]);
      }
    }
  } finally {
    server.kill();
    engine.onModuleDestroy();
  }

  console.log(
    `\nTranslation benchmark, ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0].model}, Node ${process.version}`,
  );
  console.log(`Sentence (${words} words, eng_Latn → spa_Latn): "${SENTENCE}"\n`);
  printTable(
    [
      'path',
      'clients',
      'requests',
      'req/s',
      'p50 ms',
      'p95 ms',
      'engine p50 inside the service, ms',
    ],
    rows,
  );
  console.log();
  printTable(
    ['clients', 'service p50 overhead (ms)', 'overhead / engine p50'],
    CONCURRENCY.map((c) => {
      const engineP50 = p50s[`engine (in process)@${c}`];
      const extra = p50s[`POST /api/v1/translation/translate@${c}`] - engineP50;
      return [c, extra.toFixed(2), `${((extra / engineP50) * 100).toFixed(0)} %`];
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

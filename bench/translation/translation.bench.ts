/**
 * The translate endpoint against the engine called directly: requests per second and p50/p95
 * latency of a 20-word sentence at 1 and 8 concurrent clients. The server runs as `npm start`
 * runs it (built dist/, info logs to a discarded pipe) and is loaded by wrk; the engine runs in
 * this process. A reference row shows one Apertium process per request, the usual alternative.
 * Run: npm run bench:translation   (BENCH_SECONDS, BENCH_REQUESTS change the run lengths)
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { cpus, totalmem } from 'node:os';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { ApertiumEngine } from '../../src/translation/engines/apertium/apertium.engine.js';
import { ClinicalLexicon } from '../../src/translation/engines/apertium/clinical-lexicon.js';
import { startBuiltServer } from '../../test/support/built-server.js';
import { measure, percentile, printTable } from '../support/latency.js';
import { wrkPost } from '../support/wrk.js';

const SENTENCE =
  'The patient reports severe chest pain since this morning and takes 75 mg of aspirin every day after his dinner.';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const CONCURRENCY = [1, 8];
const DATA_DIR = process.env.APERTIUM_DATA_DIR ?? '/usr/share/apertium';

/** The built server, its info logs (a line per request) discarded; no rate limit for wrk. */
const startServer = () =>
  startBuiltServer(
    { LOG_LEVEL: 'info' },
    { caller: 'benchmark', readyPath: '/api/v1/translation/languages', output: 'discarded' },
  );

/** One `apertium` process per request, through stdin, as a spawn-per-call engine would do. */
async function apertiumCli(): Promise<void> {
  const child = execFile('apertium', ['-u', '-d', DATA_DIR, 'eng-spa']);
  child.stdin!.end(SENTENCE);
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`apertium exited with ${code}`);
}

type Row = (string | number)[];
const row = (
  path: string,
  clients: number,
  requests: number,
  seconds: number,
  p50: number,
  p95: number,
): Row => [
  path,
  clients,
  requests,
  (requests / seconds).toFixed(0),
  p50.toFixed(2),
  p95.toFixed(2),
];

async function main() {
  const words = SENTENCE.split(/\s+/).length;
  if (words !== 20) throw new Error(`the benchmark sentence has ${words} words, not 20`);
  const catalog = new LanguageCatalog();
  const [source, target] = ['eng_Latn', 'spa_Latn'].map((code) => catalog.findByCode(code)!);
  const body = JSON.stringify({
    text: SENTENCE,
    source_language: source.code,
    target_language: target.code,
  });

  const sameLanguageBody = JSON.stringify({
    text: SENTENCE,
    source_language: target.code,
    target_language: target.code,
  });

  const engine = new ApertiumEngine(DATA_DIR);
  await engine.onModuleInit();
  const viaEngine = async () => {
    await engine.translate({ text: SENTENCE, source, target }, new AbortController().signal);
  };
  // The same engine on Debian's dictionaries alone: what the clinical lexicon costs.
  const plainEngine = new ApertiumEngine(DATA_DIR, new ClinicalLexicon({}));
  await plainEngine.onModuleInit();
  const viaPlainEngine = async () => {
    await plainEngine.translate({ text: SENTENCE, source, target }, new AbortController().signal);
  };
  const server = await startServer();
  const url = `${server.url}/api/v1/translation/translate`;

  const rows: Row[] = [];
  const p50 = new Map<string, number>();
  try {
    for (const clients of CONCURRENCY) {
      await measure(300, clients, viaEngine); // warm-up
      const direct = await measure(REQUESTS, clients, viaEngine);
      const directP50 = percentile(direct.latencies, 50);
      rows.push(
        row(
          'engine, in process',
          clients,
          REQUESTS,
          direct.seconds,
          directP50,
          percentile(direct.latencies, 95),
        ),
      );

      await wrkPost(url, body, clients, 2); // warm-up
      const http = await wrkPost(url, body, clients, SECONDS);
      if (http.failures > 0) throw new Error(`${http.failures} requests failed`);
      rows.push(
        row(
          'POST /api/v1/translation/translate',
          clients,
          http.requests,
          http.seconds,
          http.p50Ms,
          http.p95Ms,
        ),
      );
      // The same request with source = target: everything the service does except the engine.
      const noEngine = await wrkPost(url, sameLanguageBody, clients, SECONDS);
      rows.push(
        row(
          '… same language (no engine call)',
          clients,
          noEngine.requests,
          noEngine.seconds,
          noEngine.p50Ms,
          noEngine.p95Ms,
        ),
      );
      if (clients === 1) {
        await measure(300, 1, viaPlainEngine); // warm-up
        const plain = await measure(REQUESTS, 1, viaPlainEngine);
        rows.push(
          row(
            '… engine without the clinical lexicon',
            1,
            REQUESTS,
            plain.seconds,
            percentile(plain.latencies, 50),
            percentile(plain.latencies, 95),
          ),
        );
      }
      p50.set(`engine@${clients}`, directP50);
      p50.set(`service@${clients}`, noEngine.p50Ms);
      p50.set(`http@${clients}`, http.p50Ms);
    }
    const cli = await measure(30, 1, apertiumCli);
    rows.push(
      row(
        'reference: one apertium process per request',
        1,
        30,
        cli.seconds,
        percentile(cli.latencies, 50),
        percentile(cli.latencies, 95),
      ),
    );
  } finally {
    await server.stop();
    engine.onModuleDestroy();
    plainEngine.onModuleDestroy();
  }

  const machine = `${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`\nTranslation benchmark, ${new Date().toISOString()}, ${machine}`);
  console.log(`Sentence (${words} words, eng_Latn → spa_Latn): "${SENTENCE}"\n`);
  printTable(['path', 'clients', 'requests', 'req/s', 'p50 ms', 'p95 ms'], rows);
  console.log();
  printTable(
    [
      'clients',
      'endpoint p50 − engine p50 (ms)',
      'as % of engine p50',
      'service alone p50 (ms)',
      'as % of engine p50',
    ],
    CONCURRENCY.map((clients) => {
      const engineP50 = p50.get(`engine@${clients}`)!;
      const extra = p50.get(`http@${clients}`)! - engineP50;
      const alone = p50.get(`service@${clients}`)!;
      const pct = (ms: number) => `${((ms / engineP50) * 100).toFixed(0)} %`;
      return [clients, extra.toFixed(2), pct(extra), alone.toFixed(2), pct(alone)];
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * The service's memory as a hospital sizes a machine or a pod for it: proportional memory (PSS)
 * of the whole process tree of the built server on its defaults, by part, at three moments:
 * - idle: 10 s after it answered, nothing asked of it yet;
 * - one pair: after a session's handshake (medic es, patient en), which starts that pair's
 *   translation pipelines;
 * - every pair: after handshakes naming each language the embedded translation engine has,
 *   which starts all of its pipelines.
 * Each figure is the mean of three readings 2 s apart. Sessions with speech (the peak with 8
 * of them) are measured by bench:session.
 *
 * Run: npm run bench:memory
 */
import { cpus, totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { SessionConnection } from '../../tools/session-client/session-connection.js';
import { startBuiltServer } from '../../test/support/built-server.js';
import { printTable } from '../support/latency.js';
import { type ProcessMemory, processTreeMemory } from '../support/process-usage.js';
import { runBenchmark } from '../support/run-benchmark.js';

const SETTLE_MS = 10_000;
const READINGS = 3;
const READING_EVERY_MS = 2_000;

/** The parts of the tree, by command line, in the order of the table. */
const PARTS: readonly [string, (command: string) => boolean][] = [
  ['service (Node: models, phrasebook, Moonshine thread)', (c) => /dist\/main\.js/.test(c)],
  [
    'pocketsphinx fork server and decoders (Python)',
    (c) => /pocketsphinx|decoder_fork_server/.test(c),
  ],
  ['process launcher (Python)', (c) => /process_launcher\.py/.test(c)],
  ['Apertium pipelines', () => true],
];

function byPart(processes: readonly ProcessMemory[]): { mib: number[]; count: number[] } {
  const mib = PARTS.map(() => 0);
  const count = PARTS.map(() => 0);
  for (const process of processes) {
    const index = PARTS.findIndex(([, matches]) => matches(process.command));
    mib[index] += process.pssMiB;
    count[index] += 1;
  }
  return { mib, count };
}

async function reading(pid: number): Promise<{ mib: number[]; count: number[] }> {
  const all: { mib: number[]; count: number[] }[] = [];
  for (let i = 0; i < READINGS; i++) {
    if (i > 0) await sleep(READING_EVERY_MS);
    all.push(byPart(processTreeMemory(pid)));
  }
  return {
    mib: PARTS.map((_, p) => all.reduce((sum, r) => sum + r.mib[p], 0) / READINGS),
    count: PARTS.map((_, p) => Math.max(...all.map((r) => r.count[p]))),
  };
}

/** Opens a session with these languages, once its handshake is answered (the pair is prepared). */
async function handshake(url: string, medic: string, patient: string): Promise<SessionConnection> {
  const session = new SessionConnection();
  await session.connect(url, { language_medic: medic, language_patient: patient });
  return session;
}

async function main(): Promise<void> {
  const started = Date.now();
  const server = await startBuiltServer({ LOG_LEVEL: 'warn' }, { caller: 'benchmark' });
  const sessions: SessionConnection[] = [];
  try {
    await sleep(SETTLE_MS);
    const idle = await reading(server.pid);
    sessions.push(await handshake(server.wsUrl, 'es', 'en'));
    await sleep(SETTLE_MS);
    const onePair = await reading(server.pid);
    // English with each of the others starts every mode (French, Portuguese and Italian go
    // through Spanish).
    for (const other of ['fr', 'pt', 'it'])
      sessions.push(await handshake(server.wsUrl, 'en', other));
    await sleep(SETTLE_MS);
    const everyPair = await reading(server.pid);
    const moments = [idle, onePair, everyPair];
    const cell = (moment: (typeof moments)[number], p: number) =>
      `${moment.mib[p].toFixed(0)} (${moment.count[p]})`;
    printTable(
      ['part of the process tree', 'idle MiB (processes)', 'one pair', 'every pair'],
      [
        ...PARTS.map(([name], p) => [name, ...moments.map((moment) => cell(moment, p))]),
        [
          '**whole tree**',
          ...moments.map(
            (moment) =>
              `**${moment.mib.reduce((a, b) => a + b, 0).toFixed(0)}** (${moment.count.reduce((a, b) => a + b, 0)})`,
          ),
        ],
      ],
    );
    console.log(
      `\nPSS, mean of ${READINGS} readings; ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    for (const session of sessions) session.close();
    await server.stop();
  }
}

runBenchmark(main);

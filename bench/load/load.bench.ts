/**
 * Load and leak test of the whole service (issue 8), run by hand rather than in `npm test`.
 *
 * Phase A, load: N concurrent sessions (default 16; medic `es`, patient `en`) each stream about
 * M minutes (default 3) of recorded speech in real time (20 ms frames of s16le at 16 kHz, paced
 * like a microphone), started `--stagger-ms` apart, while an HTTP client sends `--http-rate`
 * requests per second (default 6, open loop) round-robin to every HTTP endpoint. Each session's
 * audio is the session benchmark's 27.6 s conversation (test/fixtures/audio/pauses.wav, then the
 * five festival sentences of speech/ with 0.8 s of silence between them, then 1.5 s of silence,
 * 8 sentences) repeated until it lasts M minutes. After the audio a session waits for its
 * results, then ends with `conversation_exit` and takes its archive.
 *
 * Per expected sentence (placed by the fixtures' own start/end ms against asr_result's
 * start_ms/end_ms): its `asr_result`, and its outcome: branch B's `tts_audio`, an `error` naming
 * the sentence (a back-translation warning does not count: B still follows it) or
 * `sentence_empty`. Lost = expected − outcomes. Latencies from the end of speech (the frame
 * holding the sentence's last speech sample was sent) to the asr_result and to branch A's
 * tts_audio. HTTP: per endpoint the count, status classes, answers other than the expected one
 * (200, and 503 for /api/v1/llm/generate, which the embedded engines do not offer), p50/p95.
 * Server: RSS of the node process and of its whole process tree (pocketsphinx decoders,
 * Apertium, espeak-ng) every 5 s, CPU of the tree as a share of all cores; the client's own CPU;
 * the 1-minute load average.
 *
 * Phase B, leak: `--leak-rounds` (2) rounds of `--leak-sessions` (500) short sessions,
 * `--leak-concurrency` (10) at a time: handshake, one `text_input`, its branch-B `tts_audio`,
 * then `conversation_exit` with the archive; every 5th session is instead cut with
 * `terminate()` (no close frame, no exit) as soon as its asr_result arrives, its pipeline still
 * running. Before the first round and after every 100 sessions: the server's VmRSS
 * (/proc/<pid>/status), and `GET /metrics`' nodejs_heap_size_used_bytes,
 * process_resident_memory_bytes and orchestrator_ws_connections_total −
 * orchestrator_ws_disconnections_total (sessions still open: must come back to 0). When the
 * benchmark started the server it runs it with `--inspect=127.0.0.1:0` and asks V8 for a full
 * garbage collection (inspector `HeapProfiler.collectGarbage`, no server code involved) before
 * each reading, so the heap figure is live memory rather than live memory plus garbage not yet
 * collected. Each round ends with a 10 s pause then a last reading. Memory is flat when the
 * last round ends within a tolerance of the first round's end (printed with the verdict).
 *
 * Privacy (unless --skip-privacy or --url): the server runs under `strace -f` (file and connect
 * calls only, bench/load/privacy-watch.ts) from its first instruction to its exit after SIGTERM,
 * at LOG_LEVEL=info with its whole output kept; afterwards the trace must show no file created,
 * written, moved or removed and no connection to another machine, /proc/PID/io no byte written
 * to storage, and the logs none of the texts said in the run (the recordings', the typed and HTTP
 * ones, and every text the server sent back) nor any of their words of 7+ letters.
 *
 * Recognition elsewhere (--asr-stub-ms N): the server's recognizer is an OpenAI-compatible stub on
 * loopback (bench/load/recognizer-stub.ts) that answers every segment after N ms with one fixed
 * sentence: what the rest of the service carries when recognition runs on other machines.
 *
 * Run: npm run bench:load
 *   (builds if needed, starts `node dist/main.js` on a free port (LOG_LEVEL=info under the
 *   privacy check, else warn), enough
 *   SESSION_MAX_LIVE, and the per-address limits RATE_LIMIT_PER_MINUTE and
 *   WS_CONNECTIONS_PER_MINUTE off: every client of this benchmark comes from 127.0.0.1)
 * or:  npx tsx bench/load/load.bench.ts --url http://127.0.0.1:3000 [--pid SERVER_PID]
 *   (an existing server, which must allow the sessions and connections; RSS and CPU only with
 *   --pid; no forced garbage collection)
 * Options: --minutes 3  --sessions 16  --stagger-ms 300  --http-rate 6  --leak-sessions 500
 *          --leak-rounds 2  --leak-concurrency 10  --skip-load  --skip-leak  --skip-privacy  --verbose
 *          --asr-stub-ms N
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { type BuiltServer, startBuiltServer } from '../../test/support/built-server.js';
import { buildFixtureConversation, openingOf } from '../support/fixture-conversation.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { httpEndpoints } from './http-endpoints.js';
import { warmUpEndpoints } from './http-traffic.js';
import { runLeakPhase } from './leak-phase.js';
import { runLoadSession } from './live-load-session.js';
import { runLoadPhase } from './load-phase.js';
import { stopAndAuditPrivacy } from './privacy-report.js';
import { PrivacyWatch } from './privacy-watch.js';
import { type RecognizerStub, startRecognizerStub } from './recognizer-stub.js';
import type { RunContext } from './run-context.js';

function parseOptions() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      pid: { type: 'string' },
      minutes: { type: 'string', default: '3' },
      sessions: { type: 'string', default: '16' },
      'stagger-ms': { type: 'string', default: '300' },
      'http-rate': { type: 'string', default: '6' },
      'leak-sessions': { type: 'string', default: '500' },
      'leak-rounds': { type: 'string', default: '2' },
      'leak-concurrency': { type: 'string', default: '10' },
      'skip-load': { type: 'boolean', default: false },
      'skip-leak': { type: 'boolean', default: false },
      'skip-privacy': { type: 'boolean', default: false },
      'asr-stub-ms': { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const options = {
    url: values.url,
    pid: values.pid ? Number(values.pid) : undefined,
    minutes: Number(values.minutes),
    sessions: Number(values.sessions),
    staggerMs: Number(values['stagger-ms']),
    httpRate: Number(values['http-rate']),
    leakSessions: Number(values['leak-sessions']),
    leakRounds: Number(values['leak-rounds']),
    leakConcurrency: Number(values['leak-concurrency']),
    skipLoad: values['skip-load'],
    skipLeak: values['skip-leak'],
    skipPrivacy: values['skip-privacy'],
    asrStubMs: values['asr-stub-ms'] === undefined ? undefined : Number(values['asr-stub-ms']),
    verbose: values.verbose,
  };
  const positiveInteger = (value: number) => Number.isInteger(value) && value >= 1;
  if (
    !(options.minutes > 0) ||
    !positiveInteger(options.sessions) ||
    !(options.staggerMs >= 0) ||
    !(options.httpRate >= 0) ||
    !positiveInteger(options.leakSessions) ||
    !positiveInteger(options.leakRounds) ||
    !positiveInteger(options.leakConcurrency) ||
    (options.asrStubMs !== undefined && !(options.asrStubMs >= 0))
  ) {
    throw new Error(
      '--minutes takes a positive number, --sessions, --leak-sessions, --leak-rounds and ' +
        '--leak-concurrency positive integers, --stagger-ms, --http-rate and --asr-stub-ms numbers ≥ 0',
    );
  }
  return options;
}

/** Starts the built server for the run: under strace with its whole log kept for `privacy`. */
function startServer(
  maxLive: number,
  privacy?: PrivacyWatch,
  recognizer?: RecognizerStub,
): Promise<BuiltServer> {
  return startBuiltServer(
    {
      // Under the privacy check, the default level (info: every request) is what is searched.
      LOG_LEVEL: privacy ? 'info' : 'warn',
      SESSION_MAX_LIVE: String(maxLive),
      ...recognizer?.env,
    },
    { caller: 'benchmark', inspect: true, wrapper: privacy?.wrapper() },
  );
}

async function main(): Promise<void> {
  const options = parseOptions();
  const machine = `${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const loadAtStart = loadavg()[0];
  const started = Date.now();
  const maxLive = Math.max(32, options.sessions + options.leakConcurrency + 8);
  // The privacy check needs the server from its first instruction: only when started here.
  const privacy = options.url || options.skipPrivacy ? undefined : new PrivacyWatch();
  const recognizer =
    options.asrStubMs === undefined || options.url
      ? undefined
      : await startRecognizerStub(options.asrStubMs);
  const server = options.url ? undefined : await startServer(maxLive, privacy, recognizer);
  const base = (options.url ?? server!.url)
    .replace(/\/+$/, '')
    .replace(/^ws/, 'http')
    .replace(/\/ws$/, '');
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  const run: RunContext = {
    base,
    wsUrl,
    pid: server?.pid ?? options.pid,
    privacy,
    progress: (line) => console.error(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`),
  };
  const verdicts: string[] = [];
  console.log(
    `\nLoad benchmark, ${new Date().toISOString()}, ${machine}; 1-minute load average ${loadAtStart.toFixed(1)} at the start.` +
      (recognizer
        ? ` Recognition on a stub (ASR_ENGINE=openai on loopback, ${options.asrStubMs} ms per segment, one fixed sentence).`
        : ''),
  );
  try {
    const endpoints = httpEndpoints(privacy);
    // Warm-up: loads the decoders, the translation pipelines and the voices once; every
    // endpoint once.
    await runLoadSession(wsUrl, openingOf(buildFixtureConversation()));
    await warmUpEndpoints(base, endpoints);
    run.progress('warmed up');

    if (!options.skipLoad) {
      verdicts.push(
        ...(await runLoadPhase({
          ...run,
          endpoints,
          minutes: options.minutes,
          sessions: options.sessions,
          staggerMs: options.staggerMs,
          httpRate: options.httpRate,
          verbose: options.verbose,
        })),
      );
    }
    if (!options.skipLeak) {
      verdicts.push(
        ...(await runLeakPhase({
          ...run,
          inspectorUrl: server?.inspectorUrl(),
          sessions: options.leakSessions,
          rounds: options.leakRounds,
          concurrency: options.leakConcurrency,
        })),
      );
    }

    console.log(
      `\nRun took ${((Date.now() - started) / 1000).toFixed(0)} s; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.\n`,
    );
    if (privacy && server) verdicts.push(await stopAndAuditPrivacy(server, privacy));
    console.log('Verdicts:\n');
    for (const verdict of verdicts) console.log(`- ${verdict}`);
    // Warnings and errors only (under the privacy check the log is at info level), whole lines.
    const warnings = (server?.stdout() ?? '')
      .split('\n')
      .filter((line) => /"level":[456]0/.test(line))
      .slice(-10);
    if (warnings.length > 0) {
      console.log(`\nServer warnings and errors, last ${warnings.length}:\n${warnings.join('\n')}`);
    }
  } finally {
    await server?.stop();
    await recognizer?.close();
  }
}

runBenchmark(main);

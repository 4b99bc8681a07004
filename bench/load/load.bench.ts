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
 * Run: npm run bench:load
 *   (builds if needed, starts `node dist/main.js` on a free port with LOG_LEVEL=warn, enough
 *   SESSION_MAX_LIVE, and the per-address limits RATE_LIMIT_PER_MINUTE and
 *   WS_CONNECTIONS_PER_MINUTE off: every client of this benchmark comes from 127.0.0.1)
 * or:  npx tsx bench/load/load.bench.ts --url http://127.0.0.1:3000 [--pid SERVER_PID]
 *   (an existing server, which must allow the sessions and connections; RSS and CPU only with
 *   --pid; no forced garbage collection)
 * Options: --minutes 3  --sessions 16  --stagger-ms 300  --http-rate 6  --leak-sessions 500
 *          --leak-rounds 2  --leak-concurrency 10  --skip-load  --skip-leak  --verbose
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { SentenceTracker } from '../../tools/session-client/sentence-tracker.js';
import {
  type ReceivedMessage,
  SessionConnection,
} from '../../tools/session-client/session-connection.js';
import { readWavFile } from '../../tools/session-client/wav-file.js';
import { percentile, printTable } from '../support/latency.js';

const FIXTURES = 'test/fixtures/audio';
const RATE = 16_000;
const CHUNK_MS = 20;
const GAP_MS = 800;
const TAIL_MS = 1500;
/** After the audio: end a session once this long passes without a message. */
const IDLE_MS = 5000;
/** After the audio: end a session at the latest after this long. */
const DRAIN_CAP_MS = 90_000;
/** USER_HZ of /proc/<pid>/stat times (100 on Linux). */
const CLOCK_TICKS = 100;
const SAMPLE_EVERY_MS = 5000;
const LEAK_CHECKPOINT_EVERY = 100;
const LEAK_PAUSE_MS = 10_000;
/** Most HTTP requests in flight; past it a tick is skipped (and counted). */
const HTTP_MAX_IN_FLIGHT = 24;
const HTTP_TIMEOUT_MS = 60_000;
const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// The conversation

interface ExpectedSentence {
  text: string;
  /** Position of the speech in the session's stream, in ms. */
  startMs: number;
  endMs: number;
}

interface Conversation {
  samples: Int16Array;
  sentences: ExpectedSentence[];
}

interface ManifestFile {
  file: string;
  text: string;
  speech_start_ms: number;
  speech_end_ms: number;
}

const loadWav = (file: string) => {
  const audio = readWavFile(file);
  if (audio.sampleRate !== RATE) throw new Error(`${file} is not at ${RATE} Hz`);
  return audio.samples;
};

const manifest = () =>
  JSON.parse(readFileSync(`${FIXTURES}/speech/manifest.json`, 'utf8')) as {
    files: ManifestFile[];
  };

/**
 * The session benchmark's conversation (pauses.wav, each speech/*.wav after 0.8 s of silence,
 * 1.5 s of silence), repeated until it lasts at least `seconds`.
 */
function buildConversation(seconds: number): Conversation {
  const parts: Int16Array[] = [];
  const sentences: ExpectedSentence[] = [];
  let length = 0;
  const append = (samples: Int16Array) => {
    parts.push(samples);
    length += samples.length;
  };
  const silence = (ms: number) => append(new Int16Array((RATE * ms) / 1000));
  const positionMs = () => (length / RATE) * 1000;

  const pauses = JSON.parse(readFileSync(`${FIXTURES}/pauses.json`, 'utf8')) as {
    sentences: { text: string; start_ms: number; end_ms: number }[];
  };
  const pausesWav = loadWav(`${FIXTURES}/pauses.wav`);
  const files = manifest().files.map((file) => ({
    ...file,
    samples: loadWav(`${FIXTURES}/speech/${file.file}`),
  }));
  do {
    let offset = positionMs();
    for (const sentence of pauses.sentences) {
      sentences.push({
        text: sentence.text,
        startMs: offset + sentence.start_ms,
        endMs: offset + sentence.end_ms,
      });
    }
    append(pausesWav);
    for (const file of files) {
      silence(GAP_MS);
      offset = positionMs();
      sentences.push({
        text: file.text,
        startMs: offset + file.speech_start_ms,
        endMs: offset + file.speech_end_ms,
      });
      append(file.samples);
    }
    silence(TAIL_MS);
  } while (length / RATE < seconds);
  const samples = new Int16Array(length);
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  return { samples, sentences };
}

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const format = (values: number[]) =>
  values.length === 0
    ? '–'
    : `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}`;

/** The client's WebSocket of a SessionConnection (private there: only this bench needs it). */
const socketOf = (session: SessionConnection) =>
  (session as unknown as { socket?: WebSocket }).socket;

/** `service: message` of an error (the server never quotes conversation text), numbers as N. */
function describeError(message: Record<string, unknown>): string {
  const text = String(message.message ?? message.detail ?? '')
    .replace(/\d+/g, 'N')
    .slice(0, 160);
  return message.service === undefined ? text : `${String(message.service)}: ${text}`;
}

/** Counts of equal strings, most frequent first, as "N × text" lines. */
function tally(items: string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([item, count]) => `${count} × ${item}`);
}

/** Index of the expected sentence an asr_result's interval overlaps most, or -1. */
function matchSentence(sentences: ExpectedSentence[], startMs: number, endMs: number): number {
  let best = -1;
  let bestOverlap = 0;
  sentences.forEach((sentence, index) => {
    const overlap = Math.min(endMs, sentence.endMs) - Math.max(startMs, sentence.startMs);
    if (overlap > bestOverlap) {
      best = index;
      bestOverlap = overlap;
    }
  });
  return best;
}

/** Resident memory of a process, in MiB (VmRSS), or NaN once it is gone. */
function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

interface ProcessInfo {
  ppid: number;
  ticks: number;
  rssPages: number;
}

function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state ppid … utime stime cutime
      // cstime (11–14) … rss (21, in pages)
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
      table.set(Number(entry), { ppid: Number(fields[1]), ticks, rssPages: Number(fields[21]) });
    } catch {
      /* exited meanwhile */
    }
  }
  return table;
}

/** CPU seconds (with reaped children) and RSS in MiB of a process and all its descendants. */
function treeUsage(root: number): { cpuSeconds: number; rssMiB: number } {
  const table = processTable();
  let ticks = 0;
  let pages = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    ticks += table.get(pid)?.ticks ?? 0;
    pages += table.get(pid)?.rssPages ?? 0;
    for (const [child, info] of table) if (info.ppid === pid) pending.push(child);
  }
  return { cpuSeconds: ticks / CLOCK_TICKS, rssMiB: (pages * 4096) / MiB };
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

// ---------------------------------------------------------------------------------------------
// The server

interface StartedServer {
  child: ChildProcess;
  base: string;
  /** The V8 inspector's WebSocket URL (the server runs with --inspect=127.0.0.1:0). */
  inspectorUrl?: string;
  log: () => string;
}

async function startServer(maxLive: number): Promise<StartedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      API_KEYS: '',
      HOST: '',
      LOG_LEVEL: 'warn',
      SESSION_MAX_LIVE: String(maxLive),
      // Every client here is 127.0.0.1: a per-address limit would measure itself, not the load.
      RATE_LIMIT_PER_MINUTE: '0',
      WS_CONNECTIONS_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let inspectorUrl: string | undefined;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(text)?.[1];
    log = (
      log +
      text.replace(
        /^(Debugger attached\.|Debugger (?:listening|ending) on .*|For help, see: .*)\n/gm,
        '',
      )
    ).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) {
      throw new Error(`node dist/main.js exited with ${child.exitCode}:\n${log}`);
    }
    const status = await fetch(`${base}/languages`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { child, base, inspectorUrl, log: () => log };
    if (status === 404) {
      child.kill();
      throw new Error(
        'the built server has no orchestrator (GET /languages answered 404): run npm run build',
      );
    }
    await sleep(200);
  }
  child.kill();
  throw new Error(`node dist/main.js did not answer within 60 s:\n${log}`);
}

/** A full garbage collection of the server's V8 heap, through its inspector. */
async function collectGarbage(inspectorUrl: string): Promise<void> {
  const socket = new WebSocket(inspectorUrl);
  try {
    await once(socket, 'open');
    const answered = new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        const reply = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(`collectGarbage: ${reply.error.message}`));
        else resolve();
      });
      socket.on('close', () => reject(new Error('the inspector closed before answering')));
    });
    socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    await answered;
  } finally {
    socket.close();
  }
}

/** The samples of `GET /metrics`, each metric name summed over its label sets. */
async function scrapeMetrics(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    values.set(match[1], (values.get(match[1]) ?? 0) + Number(match[2]));
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Phase A: a long real-time session

interface LoadSessionResult {
  expected: number;
  recognized: number;
  outcomes: number;
  /** sentence_empty or failed recognition: no asr_result, so not placed on a fixture sentence. */
  unplaced: number;
  lost: number;
  extraAsr: number;
  errors: string[];
  asrLatencies: number[];
  ttsLatencies: number[];
  /** Per placed sentence: its end in the stream (ms), and its latencies (NaN when missing). */
  timeline: { endMs: number; asrMs: number; ttsMs: number }[];
  archiveBytes: number;
  closeCode: number;
  maxBufferedKiB: number;
  failure?: string;
  lostDetail: string[];
}

/** Outcome of a sentence: branch-B speech, a sentence error (not a mere warning), or empty. */
function hasOutcome(tracker: SentenceTracker, id: string): boolean {
  const sentence = tracker.sentences.get(id);
  if (!sentence) return false;
  return (
    sentence.ttsB ||
    sentence.empty ||
    sentence.errors.some((service) => service !== 'Back-translation')
  );
}

async function runLoadSession(
  wsUrl: string,
  conversation: Conversation,
): Promise<LoadSessionResult> {
  const { samples, sentences } = conversation;
  const session = new SessionConnection();
  const tracker = new SentenceTracker();
  const speechEndSentAt = sentences.map(() => NaN);
  let lastMessageAt = performance.now();
  let maxBuffered = 0;
  let failure: string | undefined;
  let archiveBytes = 0;
  try {
    await session.connect(wsUrl, {
      language_medic: 'es',
      language_patient: 'en',
      sample_rate: RATE,
    });
    session.onMessage(({ message, at }) => {
      tracker.observe(message);
      lastMessageAt = at;
    });
    const socket = socketOf(session);
    let next = 0; // sentences end in stream order
    await session.streamPcm(samples, RATE, {
      chunkMs: CHUNK_MS,
      onChunk: ({ endMs, sentAt }) => {
        while (next < sentences.length && endMs >= sentences[next].endMs) {
          speechEndSentAt[next++] = sentAt;
        }
        maxBuffered = Math.max(maxBuffered, socket?.bufferedAmount ?? 0);
      },
    });
    const audioDone = performance.now();
    lastMessageAt = Math.max(lastMessageAt, audioDone);
    const settledCount = () =>
      [...tracker.sentences.keys()].filter((id) => hasOutcome(tracker, id)).length;
    while (session.isOpen) {
      const now = performance.now();
      const allIn = settledCount() >= sentences.length && tracker.allSettled();
      if ((allIn && now - lastMessageAt >= 300) || now - lastMessageAt >= IDLE_MS) break;
      if (now - audioDone >= DRAIN_CAP_MS) break;
      await sleep(100);
    }
    if (session.isOpen) {
      const exit = await session.exit({ archive: true, timeoutMs: 120_000 });
      archiveBytes = exit.archive?.size_bytes ?? 0;
      if (!exit.archive) failure = 'no archive';
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    socketOf(session)?.terminate();
  }

  const firstAsr = new Map<number, ReceivedMessage>();
  const asrIds = new Set<string>();
  let extraAsr = 0;
  const errors: string[] = [];
  for (const received of session.received) {
    const { message } = received;
    if (message.type === 'error') errors.push(describeError(message));
    if (message.type !== 'asr_result') continue;
    asrIds.add(String(message.sentence_id));
    const index = matchSentence(sentences, Number(message.start_ms), Number(message.end_ms));
    if (index < 0) extraAsr++;
    else if (!firstAsr.has(index)) firstAsr.set(index, received);
    else extraAsr++; // a sentence split in two
  }
  const asrLatencies: number[] = [];
  const ttsLatencies: number[] = [];
  const timeline: LoadSessionResult['timeline'] = [];
  let outcomes = 0;
  const lostDetail: string[] = [];
  sentences.forEach((sentence, index) => {
    const asr = firstAsr.get(index);
    if (!asr) return;
    const id = String(asr.message.sentence_id);
    asrLatencies.push(asr.at - speechEndSentAt[index]);
    const tts = session.received.find(
      ({ message }) =>
        message.type === 'tts_audio' && message.branch === 'A' && message.sentence_id === id,
    );
    if (tts) ttsLatencies.push(tts.at - speechEndSentAt[index]);
    timeline.push({
      endMs: sentence.endMs,
      asrMs: asr.at - speechEndSentAt[index],
      ttsMs: tts ? tts.at - speechEndSentAt[index] : NaN,
    });
    if (hasOutcome(tracker, id)) outcomes++;
    else lostDetail.push(`#${index + 1} (${id}): asr_result but no outcome`);
  });
  const unplaced = [...tracker.sentences.keys()].filter(
    (id) => !asrIds.has(id) && hasOutcome(tracker, id),
  ).length;
  const missingAsr = sentences.length - firstAsr.size;
  sentences.forEach((_, index) => {
    if (!firstAsr.has(index)) lostDetail.push(`#${index + 1}: no asr_result`);
  });
  return {
    expected: sentences.length,
    recognized: firstAsr.size,
    outcomes,
    unplaced,
    lost: sentences.length - outcomes - Math.min(unplaced, missingAsr),
    extraAsr,
    errors,
    asrLatencies,
    ttsLatencies,
    timeline,
    archiveBytes,
    closeCode: session.closed?.code ?? 0,
    maxBufferedKiB: maxBuffered / 1024,
    failure,
    lostDetail,
  };
}

// ---------------------------------------------------------------------------------------------
// Phase A: HTTP traffic on every endpoint

interface Endpoint {
  name: string;
  /**
   * The answers expected. /health is the readiness probe: it answers 503 when its ASR inference
   * waits more than HEALTH_PROBE_TIMEOUT_MS behind the sessions' (docs/deployment.md §7).
   */
  expected: number[];
  send: (base: string, signal: AbortSignal) => Promise<Response>;
}

function endpoints(): Endpoint[] {
  const wav = readFileSync(`${FIXTURES}/speech/01-fever-headache.wav`);
  const wavBase64 = wav.toString('base64');
  const json = (path: string, body: unknown) => (base: string, signal: AbortSignal) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  const get = (path: string) => (base: string, signal: AbortSignal) =>
    fetch(`${base}${path}`, { signal });
  const note =
    'The patient is a 67 year old woman with a fever of 38.5 degrees and a headache since ' +
    'Monday. She takes two tablets of paracetamol 500 mg every morning. She is allergic to ' +
    'penicillin. Blood pressure is 130 over 85. Plan: blood test and rest.';
  return [
    {
      name: 'POST /api/v1/translation/translate',
      expected: [200],
      send: json('/api/v1/translation/translate', {
        text: 'The patient has a fever and a headache.',
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      }),
    },
    {
      name: 'GET /api/v1/translation/languages',
      expected: [200],
      send: get('/api/v1/translation/languages'),
    },
    {
      name: 'POST /api/v1/synthetize',
      expected: [200],
      send: json('/api/v1/synthetize', {
        text: 'Take two tablets every morning.',
        language: 'en',
        gender: 'female',
      }),
    },
    {
      name: 'GET /api/v1/synthetize/voices',
      expected: [200],
      send: get('/api/v1/synthetize/voices'),
    },
    {
      name: 'POST /api/v1/transcribe',
      expected: [200],
      send: json('/api/v1/transcribe', { audio_base64: wavBase64 }),
    },
    {
      name: 'POST /api/v1/transcribe/file',
      expected: [200],
      send: (base, signal) => {
        const form = new FormData();
        form.append('file', new Blob([wav], { type: 'audio/wav' }), '01-fever-headache.wav');
        return fetch(`${base}/api/v1/transcribe/file`, { method: 'POST', body: form, signal });
      },
    },
    {
      name: 'POST /api/v1/llm/paraphrase',
      expected: [200],
      send: json('/api/v1/llm/paraphrase', {
        sentence: 'The patient presents with dyspnea and thoracic pain.',
        gender: 'female',
        age_category: 'senior',
      }),
    },
    {
      name: 'POST /api/v1/llm/summarize',
      expected: [200],
      send: json('/api/v1/llm/summarize', { sentence: note }),
    },
    {
      name: 'POST /api/v1/llm/structured-summary',
      expected: [200],
      send: json('/api/v1/llm/structured-summary', { sentence: note, target_language: 'es' }),
    },
    {
      name: 'POST /api/v1/llm/generate',
      expected: [503],
      send: json('/api/v1/llm/generate', { prompt: 'Explain what a fever is.' }),
    },
    { name: 'GET /languages', expected: [200], send: get('/languages') },
    { name: 'GET /health', expected: [200, 503], send: get('/health') },
    { name: 'GET /health/live', expected: [200], send: get('/health/live') },
    { name: 'GET /metrics', expected: [200], send: get('/metrics') },
  ];
}

interface EndpointStats {
  statuses: number[];
  latencies: number[];
  failures: string[];
  /** `detail` of the answers other than expected. */
  unexpected: string[];
}

/** Sends `rate` requests per second, round-robin over the endpoints, until `stop` is aborted. */
async function httpTraffic(
  base: string,
  list: Endpoint[],
  rate: number,
  stop: AbortSignal,
): Promise<{ stats: Map<string, EndpointStats>; skipped: number }> {
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

// ---------------------------------------------------------------------------------------------
// Phase B: short sessions opened and closed

interface ShortSessionResult {
  ok: boolean;
  abrupt: boolean;
  problem?: string;
}

async function runShortSession(
  wsUrl: string,
  index: number,
  text: string,
): Promise<ShortSessionResult> {
  const abrupt = index % 5 === 4;
  const session = new SessionConnection();
  try {
    await session.connect(wsUrl, { language_medic: 'es', language_patient: 'en' });
    const since = session.received.length;
    session.sendJson({ type: 'text_input', text, role: 'patient' });
    if (abrupt) {
      await session.waitFor((message) => message.type === 'asr_result', 30_000, { since });
      socketOf(session)?.terminate();
      return { ok: true, abrupt };
    }
    await session.waitFor(
      (message) =>
        (message.type === 'tts_audio' && message.branch === 'B') ||
        (message.type === 'error' &&
          typeof message.sentence_id === 'string' &&
          message.service !== 'Back-translation'),
      30_000,
      { since },
    );
    const exit = await session.exit({ archive: true, timeoutMs: 30_000 });
    const errors = session.received.filter(({ message }) => message.type === 'error');
    const problem =
      errors.length > 0
        ? `error ${errors.map(({ message }) => String(message.service)).join(', ')}`
        : !exit.archive
          ? 'no archive'
          : exit.closeCode !== 1000
            ? `close ${exit.closeCode}`
            : undefined;
    return { ok: !problem, abrupt, problem };
  } catch (error) {
    socketOf(session)?.terminate();
    return { ok: false, abrupt, problem: error instanceof Error ? error.message : String(error) };
  }
}

interface MemoryReading {
  label: string;
  rssMiB: number;
  heapUsedMiB: number;
  metricsRssMiB: number;
  open: number;
  failures: number;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
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
      verbose: { type: 'boolean', default: false },
    },
  });
  const minutes = Number(values.minutes);
  const sessions = Number(values.sessions);
  const staggerMs = Number(values['stagger-ms']);
  const httpRate = Number(values['http-rate']);
  const leakSessions = Number(values['leak-sessions']);
  const leakRounds = Number(values['leak-rounds']);
  const leakConcurrency = Number(values['leak-concurrency']);
  if (
    !(minutes > 0) ||
    !Number.isInteger(sessions) ||
    sessions < 1 ||
    !(staggerMs >= 0) ||
    !(httpRate >= 0) ||
    !Number.isInteger(leakSessions) ||
    leakSessions < 1 ||
    !Number.isInteger(leakRounds) ||
    leakRounds < 1 ||
    !Number.isInteger(leakConcurrency) ||
    leakConcurrency < 1
  ) {
    throw new Error(
      '--minutes takes a positive number, --sessions, --leak-sessions, --leak-rounds and ' +
        '--leak-concurrency positive integers, --stagger-ms and --http-rate numbers ≥ 0',
    );
  }

  const machine = `${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const loadAtStart = loadavg()[0];
  const started = Date.now();
  const maxLive = Math.max(32, sessions + leakConcurrency + 8);
  const server = values.url ? undefined : await startServer(maxLive);
  const base = (values.url ?? server!.base)
    .replace(/\/+$/, '')
    .replace(/^ws/, 'http')
    .replace(/\/ws$/, '');
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  const pid = server?.child.pid ?? (values.pid ? Number(values.pid) : undefined);
  const gc = server?.inspectorUrl;
  const verdicts: string[] = [];
  const log = (line: string) =>
    console.error(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
  console.log(
    `\nLoad benchmark, ${new Date().toISOString()}, ${machine}; 1-minute load average ${loadAtStart.toFixed(1)} at the start.`,
  );
  try {
    const list = endpoints();
    // Warm-up: loads the decoders, the translation pipelines and the voices once; every endpoint once.
    const warm = buildConversation(1);
    await runLoadSession(wsUrl, {
      samples: warm.samples.subarray(0, RATE * 4),
      sentences: warm.sentences.slice(0, 1),
    });
    for (const endpoint of list) {
      const response = await endpoint.send(base, AbortSignal.timeout(HTTP_TIMEOUT_MS));
      await response.arrayBuffer();
      if (response.status !== endpoint.expected[0]) {
        throw new Error(
          `warm-up: ${endpoint.name} answered ${response.status}, not ${endpoint.expected[0]}`,
        );
      }
    }
    log('warmed up');

    if (!values['skip-load']) {
      const conversation = buildConversation(minutes * 60);
      const audioSeconds = conversation.samples.length / RATE;
      log(`phase A: ${sessions} sessions × ${audioSeconds.toFixed(0)} s, HTTP ${httpRate} req/s`);
      const rss: number[] = [];
      const treeRss: number[] = [];
      const loads: number[] = [loadavg()[0]];
      const cpuBefore = pid ? treeUsage(pid).cpuSeconds : NaN;
      const clientCpuBefore = process.cpuUsage();
      const phaseStarted = performance.now();
      const sample = () => {
        loads.push(loadavg()[0]);
        if (!pid) return;
        rss.push(rssMiB(pid));
        treeRss.push(treeUsage(pid).rssMiB);
      };
      sample();
      const sampler = setInterval(sample, SAMPLE_EVERY_MS);
      const stopHttp = new AbortController();
      const traffic = httpRate > 0 ? httpTraffic(base, list, httpRate, stopHttp.signal) : undefined;
      const results = await Promise.all(
        Array.from({ length: sessions }, async (_, index) => {
          await sleep(index * staggerMs);
          return runLoadSession(wsUrl, conversation);
        }),
      );
      stopHttp.abort();
      const http = await traffic;
      clearInterval(sampler);
      sample();
      const wall = (performance.now() - phaseStarted) / 1000;
      const cpuShare = pid ? (treeUsage(pid).cpuSeconds - cpuBefore) / wall / cpus().length : NaN;
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const clientShare = (clientCpu.user + clientCpu.system) / 1e6 / wall / cpus().length;
      log(`phase A done in ${wall.toFixed(0)} s`);

      console.log(
        `\n## Phase A: ${sessions} sessions × ${audioSeconds.toFixed(1)} s of real-time speech ` +
          `(${conversation.sentences.length} sentences each), started ${staggerMs} ms apart, with ` +
          `HTTP traffic at ${httpRate} req/s; took ${wall.toFixed(0)} s\n`,
      );
      const sum = (pick: (result: LoadSessionResult) => number) =>
        results.reduce((total, result) => total + pick(result), 0);
      const row = (label: string | number, group: LoadSessionResult[]) => {
        const total = (pick: (result: LoadSessionResult) => number) =>
          group.reduce((acc, result) => acc + pick(result), 0);
        return [
          label,
          total((r) => r.expected),
          total((r) => r.recognized),
          total((r) => r.outcomes) + total((r) => r.unplaced),
          total((r) => r.lost),
          total((r) => r.extraAsr),
          total((r) => r.errors.length),
          format(group.flatMap((r) => r.asrLatencies)),
          format(group.flatMap((r) => r.ttsLatencies)),
          group.length === 1
            ? (group[0].archiveBytes / MiB).toFixed(1)
            : `${group.filter((r) => r.archiveBytes > 0).length} / ${group.length}`,
          group.length === 1
            ? String(group[0].closeCode)
            : `${group.filter((r) => r.closeCode === 1000).length} × 1000`,
          Math.max(...group.map((r) => r.maxBufferedKiB)).toFixed(0),
        ];
      };
      printTable(
        [
          'session',
          'sentences',
          'asr_result',
          'outcome',
          'lost',
          'extra asr',
          'errors',
          'end of speech → asr_result p50 / p95 ms',
          'end of speech → tts A p50 / p95 ms',
          'archive MiB (total: received)',
          'close',
          'max client send buffer KiB',
        ],
        [...results.map((result, index) => row(index + 1, [result])), row('**all**', results)],
      );
      // Latency by position in the stream: it grows if the server falls behind real time.
      console.log('\nLatency by minute of the stream (all sessions):\n');
      const timeline = results.flatMap((result) => result.timeline);
      const lastMinute = Math.floor(audioSeconds / 60);
      printTable(
        [
          'sentence ends in minute',
          'sentences',
          'end of speech → asr_result p50 / p95 ms',
          'end of speech → tts A p50 / p95 ms',
        ],
        Array.from({ length: lastMinute + 1 }, (_, minute) => {
          const inMinute = timeline.filter(
            (entry) => Math.min(lastMinute, Math.floor(entry.endMs / 60_000)) === minute,
          );
          return [
            minute === lastMinute ? `${minute}+` : `${minute}–${minute + 1}`,
            inMinute.length,
            format(inMinute.map((entry) => entry.asrMs)),
            format(inMinute.map((entry) => entry.ttsMs).filter((ms) => !Number.isNaN(ms))),
          ];
        }),
      );
      for (const [index, result] of results.entries()) {
        if (result.failure) console.log(`\nsession ${index + 1}: ${result.failure}`);
        if (result.lostDetail.length > 0 && values.verbose) {
          console.log(`\nsession ${index + 1}: ${result.lostDetail.join('; ')}`);
        }
      }
      const sessionErrors = tally(results.flatMap((result) => result.errors));
      if (sessionErrors.length > 0) {
        console.log(
          `\nSession error messages:\n\n${sessionErrors.map((line) => `- ${line}`).join('\n')}`,
        );
      }

      if (http) {
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
          const klass = (k: number) =>
            entry.statuses.filter((s) => Math.floor(s / 100) === k).length;
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
            unexpected.length === 0
              ? 0
              : `${unexpected.length} (${[...new Set(unexpected)].join(', ')})`,
            format(entry.latencies),
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
          format(all.latencies),
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
        verdicts.push(
          `HTTP under load: ${unexpectedTotal === 0 ? 'PASS' : 'FAIL'}, ${all.statuses.length} requests, ${unexpectedTotal} unexpected answers, ${all.failures.length} without answer; p95 ${percentile(all.latencies, 95)?.toFixed(0) ?? '–'} ms; readiness (/health) 503 in ${http.stats.get('GET /health')!.statuses.filter((status) => status === 503).length} of ${http.stats.get('GET /health')!.statuses.length}`,
        );
      }

      const stats = (series: number[]) =>
        series.length === 0
          ? '–'
          : `${Math.min(...series).toFixed(0)} / ${Math.max(...series).toFixed(0)} / ${series[series.length - 1].toFixed(0)}`;
      console.log('\nResources during phase A:\n');
      printTable(
        [
          'server RSS MiB min / max / end',
          'server + workers RSS MiB min / max / end',
          'server CPU (with workers), % of all cores',
          'bench client CPU, % of all cores',
          '1-min load average start / max / end',
        ],
        [
          [
            stats(rss),
            stats(treeRss),
            pid ? `${(cpuShare * 100).toFixed(0)} %` : '–',
            `${(clientShare * 100).toFixed(0)} %`,
            `${loads[0].toFixed(1)} / ${Math.max(...loads).toFixed(1)} / ${loads[loads.length - 1].toFixed(1)}`,
          ],
        ],
      );
      if (pid)
        console.log(`\nServer RSS every 5 s (MiB): ${rss.map((v) => v.toFixed(0)).join(' ')}`);

      const expected = sum((r) => r.expected);
      const recognized = sum((r) => r.recognized);
      const lost = sum((r) => r.lost);
      const failed = results.filter((r) => r.failure || r.closeCode !== 1000).length;
      const asrAll = results.flatMap((r) => r.asrLatencies);
      const ttsAll = results.flatMap((r) => r.ttsLatencies);
      verdicts.unshift(
        `Nothing lost: ${lost === 0 && recognized === expected && failed === 0 ? 'PASS' : 'FAIL'}, ` +
          `${expected} sentences, ${recognized} asr_result, ${lost} lost, ${failed} sessions not ended cleanly with their archive`,
        `Latency at ${sessions} sessions: end of speech → asr_result p95 ${percentile(asrAll, 95)?.toFixed(0) ?? '–'} ms, → tts A p95 ${percentile(ttsAll, 95)?.toFixed(0) ?? '–'} ms (reported; the 1.5 s goal of the live-session benchmark is ${percentile(ttsAll, 95) <= 1500 ? 'met' : 'not met'})`,
      );
      await sleep(2000);
    }

    if (!values['skip-leak']) {
      const texts = manifest().files.map((file) => file.text);
      const readings: MemoryReading[] = [];
      let failures = 0;
      const problems = new Map<string, number>();
      const read = async (label: string, settleMs = 0): Promise<MemoryReading> => {
        if (settleMs > 0) await sleep(settleMs);
        // Abruptly closed sessions are released when the server sees the TCP close: wait for it.
        let metrics = await scrapeMetrics(base);
        const openOf = (m: Map<string, number>) =>
          (m.get('orchestrator_ws_connections_total') ?? NaN) -
          (m.get('orchestrator_ws_disconnections_total') ?? NaN);
        for (let i = 0; i < 50 && openOf(metrics) > 0; i++) {
          await sleep(100);
          metrics = await scrapeMetrics(base);
        }
        if (gc) {
          await collectGarbage(gc);
          metrics = await scrapeMetrics(base);
        }
        const reading = {
          label,
          rssMiB: pid ? rssMiB(pid) : NaN,
          heapUsedMiB: (metrics.get('nodejs_heap_size_used_bytes') ?? NaN) / MiB,
          metricsRssMiB: (metrics.get('process_resident_memory_bytes') ?? NaN) / MiB,
          open: openOf(metrics),
          failures,
        };
        readings.push(reading);
        log(
          `${label}: RSS ${reading.rssMiB.toFixed(1)} MiB, heap ${reading.heapUsedMiB.toFixed(1)} MiB, open ${reading.open}`,
        );
        return reading;
      };
      const roundEnds: MemoryReading[] = [];
      const leakStarted = performance.now();
      await read('before', 5000);
      for (let round = 1; round <= leakRounds; round++) {
        let nextIndex = 0;
        for (let done = 0; done < leakSessions;) {
          const batch = Math.min(LEAK_CHECKPOINT_EVERY, leakSessions - done);
          const batchEnd = done + batch;
          await Promise.all(
            Array.from({ length: Math.min(leakConcurrency, batch) }, async () => {
              while (nextIndex < batchEnd) {
                const index = nextIndex++;
                const result = await runShortSession(wsUrl, index, texts[index % texts.length]);
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
        roundEnds.push(
          await read(`round ${round}, after ${LEAK_PAUSE_MS / 1000} s pause`, LEAK_PAUSE_MS),
        );
      }
      const leakWall = (performance.now() - leakStarted) / 1000;
      console.log(
        `\n## Phase B: ${leakRounds} × ${leakSessions} short sessions, ${leakConcurrency} at a time ` +
          `(text_input → tts B → conversation_exit with archive; every 5th cut with terminate() at its asr_result); ` +
          `took ${leakWall.toFixed(0)} s; heap read ${gc ? 'after a forced full GC' : 'as found (no forced GC)'}\n`,
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
      const heapTolerance = gc ? 4 : 24;
      const rssTolerance = 24;
      const first = roundEnds[0];
      const last = roundEnds[roundEnds.length - 1];
      const heapGrowth = last.heapUsedMiB - first.heapUsedMiB;
      const rssGrowth = last.rssMiB - first.rssMiB;
      const open = readings[readings.length - 1].open;
      const flat =
        heapGrowth <= heapTolerance && (!pid || rssGrowth <= rssTolerance) && leakRounds > 1;
      verdicts.push(
        leakRounds > 1
          ? `Memory flat: ${flat ? 'PASS' : 'FAIL'}, round ${leakRounds} ends ${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(1)} MiB of heap ` +
              `(tolerance ${heapTolerance}) and ${pid ? `${rssGrowth >= 0 ? '+' : ''}${rssGrowth.toFixed(1)} MiB of RSS (tolerance ${rssTolerance})` : 'RSS not measured'} ` +
              `from round 1's end, i.e. ${((heapGrowth * 1024) / leakSessions / (leakRounds - 1)).toFixed(1)} KiB of heap per session`
          : 'Memory flat: not judged (one round only)',
        `No session left: ${open === 0 ? 'PASS' : 'FAIL'}, orchestrator_ws_connections_total − orchestrator_ws_disconnections_total = ${open}; ${failures} of ${leakRounds * leakSessions} short sessions failed`,
      );
    }

    console.log(
      `\nRun took ${((Date.now() - started) / 1000).toFixed(0)} s; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.\n`,
    );
    console.log('Verdicts:\n');
    for (const verdict of verdicts) console.log(`- ${verdict}`);
    const serverLog = server?.log().trim();
    if (serverLog)
      console.log(`\nServer output (LOG_LEVEL=warn), last lines:\n${serverLog.slice(-3000)}`);
  } finally {
    server?.child.kill();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

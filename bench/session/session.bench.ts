/**
 * Sessions end to end over the WebSocket (`/ws`), as a real client sees them: recorded speech
 * streamed in real time (20 ms frames of s16le at 16 kHz, paced like a microphone) into 1, 4 and
 * 8 concurrent sessions (medic `es`, patient `en`: pocketsphinx recognizes English only, so
 * every sentence is the patient's and is translated into Spanish).
 *
 * Each session streams the same 27 s conversation: test/fixtures/audio/pauses.wav (3 sentences
 * separated by 1 s of silence), then the 5 festival sentences of test/fixtures/audio/speech/
 * with 0.8 s of silence between them, then 1.5 s of silence. The sentence boundaries are the
 * fixtures' own (pauses.json start_ms/end_ms, manifest.json speech_start_ms/speech_end_ms).
 * Sessions start 300 ms apart, so their sentence ends do not all coincide.
 *
 * Measured, per expected sentence, from the END OF SPEECH (when the frame holding the last
 * speech sample was sent) to:
 * - the first `asr_result` of that sentence (matched by its start_ms/end_ms overlapping the
 *   fixture's interval): includes the 0.64 s of silence the VAD waits for (interface §4.3.4);
 * - the first branch-A `tts_audio` of that sentence: what the listener can start playing;
 *   also from the sentence boundary, 640 ms after the end of speech (20 silent frames).
 * Also counted: sentences expected, recognized (asr_result), spoken (tts_audio A), lost, extra
 * asr_results that match no fixture sentence, `error` messages; and the server's resident memory
 * (VmRSS of the node process, not of its decoder workers) before the sessions and at its peak
 * while they run, the difference divided by the number of sessions; and the CPU time of the
 * server and all its child processes (decoders, Apertium, espeak-ng) over the level's wall time,
 * as a share of all cores.
 *
 * Run: npm run bench:session
 *   (builds if needed, starts `node dist/main.js` on a free port with LOG_LEVEL=warn)
 * or:  npx tsx bench/session/session.bench.ts --url ws://127.0.0.1:3000/ws [--pid SERVER_PID]
 *   (an existing server; memory is measured only with --pid)
 * Options: --levels 1,4,8   --stagger-ms 300   --verbose (each sentence's timing)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
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
const DRAIN_CAP_MS = 60_000;
/** USER_HZ of /proc/<pid>/stat times (100 on Linux). */
const CLOCK_TICKS = 100;
/**
 * The VAD declares a sentence boundary after 20 silent 32 ms frames (interface §4.3.4,
 * VAD_SILENCE_FRAMES): the boundary is this long after the end of speech.
 */
const BOUNDARY_AFTER_SPEECH_MS = 20 * 32;

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

/** pauses.wav, then each speech/*.wav, separated by silence, ending with silence. */
function buildConversation(): Conversation {
  const parts: Int16Array[] = [];
  const sentences: ExpectedSentence[] = [];
  let length = 0;
  const append = (samples: Int16Array) => {
    parts.push(samples);
    length += samples.length;
  };
  const silence = (ms: number) => append(new Int16Array((RATE * ms) / 1000));
  const load = (file: string) => {
    const audio = readWavFile(file);
    if (audio.sampleRate !== RATE) throw new Error(`${file} is not at ${RATE} Hz`);
    return audio.samples;
  };
  const positionMs = () => (length / RATE) * 1000;

  const pauses = JSON.parse(readFileSync(`${FIXTURES}/pauses.json`, 'utf8')) as {
    sentences: { text: string; start_ms: number; end_ms: number }[];
  };
  for (const sentence of pauses.sentences) {
    sentences.push({ text: sentence.text, startMs: sentence.start_ms, endMs: sentence.end_ms });
  }
  append(load(`${FIXTURES}/pauses.wav`));
  const manifest = JSON.parse(readFileSync(`${FIXTURES}/speech/manifest.json`, 'utf8')) as {
    files: { file: string; text: string; speech_start_ms: number; speech_end_ms: number }[];
  };
  for (const file of manifest.files) {
    silence(GAP_MS);
    const offset = positionMs();
    sentences.push({
      text: file.text,
      startMs: offset + file.speech_start_ms,
      endMs: offset + file.speech_end_ms,
    });
    append(load(`${FIXTURES}/speech/${file.file}`));
  }
  silence(TAIL_MS);
  const samples = new Int16Array(length);
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  return { samples, sentences };
}

interface SessionResult {
  expected: number;
  recognized: number;
  spoken: number;
  extraAsr: number;
  errors: string[];
  asrLatencies: number[];
  ttsLatencies: number[];
  closeCode: number;
  /** Per expected sentence: fixture end / server end_ms, and the asr_result latency. */
  timeline: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function runSession(url: string, conversation: Conversation): Promise<SessionResult> {
  const { samples, sentences } = conversation;
  const session = new SessionConnection();
  await session.connect(url, {
    language_medic: 'es',
    language_patient: 'en',
    sample_rate: RATE,
  });
  const tracker = new SentenceTracker();
  let lastMessageAt = performance.now();
  session.onMessage(({ message, at }) => {
    tracker.observe(message);
    lastMessageAt = at;
  });

  // When the frame holding each sentence's last speech sample left.
  const speechEndSentAt = sentences.map(() => NaN);
  await session.streamPcm(samples, RATE, {
    chunkMs: CHUNK_MS,
    onChunk: ({ endMs, sentAt }) => {
      sentences.forEach((sentence, index) => {
        if (Number.isNaN(speechEndSentAt[index]) && endMs >= sentence.endMs) {
          speechEndSentAt[index] = sentAt;
        }
      });
    },
  });

  const audioDone = performance.now();
  lastMessageAt = Math.max(lastMessageAt, audioDone);
  const spokenCount = () =>
    [...tracker.sentences.values()].filter((sentence) => sentence.ttsA).length;
  while (session.isOpen) {
    const now = performance.now();
    const allIn = spokenCount() >= sentences.length && tracker.allSettled();
    if ((allIn && now - lastMessageAt >= 300) || now - lastMessageAt >= IDLE_MS) break;
    if (now - audioDone >= DRAIN_CAP_MS) break;
    await sleep(100);
  }
  const closeCode = session.isOpen
    ? (await session.exit({ archive: false, timeoutMs: 30_000 })).closeCode
    : (session.closed?.code ?? 0);

  // First asr_result per expected sentence, and the first tts_audio A of its sentence_id.
  const firstAsr = new Map<number, ReceivedMessage>();
  let extraAsr = 0;
  const errors: string[] = [];
  for (const received of session.received) {
    const { message } = received;
    if (message.type === 'error') errors.push(String(message.service));
    if (message.type !== 'asr_result') continue;
    const index = matchSentence(sentences, Number(message.start_ms), Number(message.end_ms));
    if (index < 0) extraAsr++;
    else if (!firstAsr.has(index)) firstAsr.set(index, received);
    else extraAsr++; // a sentence split in two
  }
  const asrLatencies: number[] = [];
  const ttsLatencies: number[] = [];
  for (const [index, asr] of firstAsr) {
    asrLatencies.push(asr.at - speechEndSentAt[index]);
    const tts = session.received.find(
      ({ message }) =>
        message.type === 'tts_audio' &&
        message.branch === 'A' &&
        message.sentence_id === asr.message.sentence_id,
    );
    if (tts) ttsLatencies.push(tts.at - speechEndSentAt[index]);
  }
  const timeline = sentences.map((sentence, index) => {
    const asr = firstAsr.get(index);
    if (!asr) return `#${index + 1} lost`;
    const latency = (asr.at - speechEndSentAt[index]).toFixed(0);
    return `#${index + 1} ${String(asr.message.sentence_id)} end ${sentence.endMs.toFixed(0)}/${String(asr.message.end_ms)} ms → asr +${latency} ms`;
  });
  return {
    expected: sentences.length,
    recognized: firstAsr.size,
    spoken: ttsLatencies.length,
    extraAsr,
    errors,
    asrLatencies,
    ttsLatencies,
    closeCode,
    timeline,
  };
}

/** Resident memory of a process, in MiB (VmRSS). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds used so far by a process and all its descendants (live ones, and reaped ones). */
function treeCpuSeconds(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state ppid … utime stime cutime cstime
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
    } catch {
      /* exited meanwhile */
    }
  }
  let ticks = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return ticks / CLOCK_TICKS;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

interface StartedServer {
  child: ChildProcess;
  url: string;
  log: () => string;
}

async function startServer(): Promise<StartedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      API_KEYS: '',
      HOST: '',
      LOG_LEVEL: 'warn',
      // The bench is one client opening many sessions on purpose.
      RATE_LIMIT_PER_MINUTE: '0',
      WS_CONNECTIONS_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
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
    if (status === 200) return { child, url: `ws://127.0.0.1:${port}/ws`, log: () => log };
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

const format = (values: number[]) =>
  values.length === 0
    ? '–'
    : `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      pid: { type: 'string' },
      levels: { type: 'string', default: '1,4,8' },
      'stagger-ms': { type: 'string', default: '300' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const levels = values.levels.split(',').map(Number);
  const staggerMs = Number(values['stagger-ms']);
  if (levels.some((level) => !Number.isInteger(level) || level < 1) || !(staggerMs >= 0)) {
    throw new Error('--levels takes positive integers (e.g. 1,4,8); --stagger-ms a number');
  }
  const conversation = buildConversation();
  const audioSeconds = conversation.samples.length / RATE;

  const server = values.url ? undefined : await startServer();
  const url = values.url ?? server!.url;
  const pid = server?.child.pid ?? (values.pid ? Number(values.pid) : undefined);
  const started = Date.now();
  const loadAtStart = loadavg()[0];
  try {
    // Warm-up: loads the decoders, the translation pipelines and the voices once.
    await runSession(url, {
      samples: conversation.samples.subarray(0, RATE * 4),
      sentences: conversation.sentences.slice(0, 1),
    });

    const rows: (string | number)[][] = [];
    const problems: string[] = [];
    for (const sessions of levels) {
      const before = pid ? rssMiB(pid) : NaN;
      let peak = before;
      const cpuBefore = pid ? treeCpuSeconds(pid) : NaN;
      const levelStarted = performance.now();
      const sampler = setInterval(() => {
        if (pid) peak = Math.max(peak, rssMiB(pid));
      }, 200);
      const results = await Promise.all(
        Array.from({ length: sessions }, async (_, index) => {
          await sleep(index * staggerMs);
          return runSession(url, conversation);
        }),
      );
      clearInterval(sampler);
      if (values.verbose) {
        results.forEach((result, index) =>
          console.log(`${sessions} sessions, #${index + 1}: ${result.timeline.join('; ')}`),
        );
      }
      const cpuShare = pid
        ? (treeCpuSeconds(pid) - cpuBefore) /
          ((performance.now() - levelStarted) / 1000) /
          cpus().length
        : NaN;
      const sum = (pick: (result: SessionResult) => number) =>
        results.reduce((total, result) => total + pick(result), 0);
      const expected = sum((result) => result.expected);
      const recognized = sum((result) => result.recognized);
      const spoken = sum((result) => result.spoken);
      const errors = results.flatMap((result) => result.errors);
      const closes = results.map((result) => result.closeCode).filter((code) => code !== 1000);
      if (errors.length > 0) problems.push(`${sessions} sessions: errors ${errors.join(', ')}`);
      if (closes.length > 0)
        problems.push(`${sessions} sessions: closed with ${closes.join(', ')}`);
      rows.push([
        sessions,
        expected,
        recognized,
        spoken,
        expected - Math.min(recognized, spoken),
        sum((result) => result.extraAsr),
        errors.length,
        format(results.flatMap((result) => result.asrLatencies)),
        format(results.flatMap((result) => result.ttsLatencies)),
        format(
          results.flatMap((result) =>
            result.ttsLatencies.map((ms) => ms - BOUNDARY_AFTER_SPEECH_MS),
          ),
        ),
        pid ? `${before.toFixed(0)} → ${peak.toFixed(0)}` : '–',
        pid ? ((peak - before) / sessions).toFixed(1) : '–',
        pid ? `${(cpuShare * 100).toFixed(0)} %` : '–',
      ]);
      await sleep(1000);
    }

    const machine = `${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    console.log(
      `\nSession benchmark, ${new Date().toISOString()}, ${machine}\n` +
        `Each session: ${audioSeconds.toFixed(1)} s of speech (${conversation.sentences.length} sentences) ` +
        `streamed in real time, medic es / patient en, sessions started ${staggerMs} ms apart; ` +
        `run took ${((Date.now() - started) / 1000).toFixed(0)} s; 1-minute load average ` +
        `${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.\n`,
    );
    printTable(
      [
        'sessions',
        'sentences',
        'asr_result',
        'tts A',
        'lost',
        'extra asr',
        'errors',
        'end of speech → asr_result p50 / p95 ms',
        'end of speech → tts A p50 / p95 ms',
        'boundary → tts A p50 / p95 ms',
        'server RSS MiB before → peak',
        'RSS MiB per session',
        'server CPU (with workers), % of all cores',
      ],
      rows,
    );
    for (const problem of problems) console.log(`\n${problem}`);
    const log = server?.log().trim();
    if (log) console.log(`\nServer output (LOG_LEVEL=warn), last lines:\n${log.slice(-3000)}`);
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

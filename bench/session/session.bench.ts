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
 *   also from the sentence boundary, 640 ms after the end of speech (20 silent frames): what
 *   recognition itself adds (issue 19: decoded while spoken, only finalized at the boundary);
 * - the first branch-A `tts_audio` of that sentence: what the listener can start playing;
 *   also from the sentence boundary, 640 ms after the end of speech (20 silent frames);
 * - the first `asr_partial` of that sentence (its first live caption), when the recognizer
 *   streams: negative when it came while the sentence was still spoken. Also counted: the
 *   sentences that had one.
 * Also counted: sentences expected, recognized (asr_result), spoken (tts_audio A), lost, extra
 * asr_results that match no fixture sentence, `error` messages; and the server's resident memory
 * (VmRSS of the node process, not of its decoder workers) before the sessions and at its peak
 * while they run, the difference divided by the number of sessions; the proportional memory
 * (PSS) of the whole process tree (decoders, Apertium, the launcher) before and at its peak,
 * read every 3 s; and the CPU time of the
 * server and all its child processes (decoders, Apertium, espeak-ng) over the level's wall time,
 * as a share of all cores.
 *
 * Run: npm run bench:session
 *   (builds if needed, starts `node dist/main.js` on a free port with LOG_LEVEL=warn)
 * or:  npx tsx bench/session/session.bench.ts --url ws://127.0.0.1:3000/ws [--pid SERVER_PID]
 *   (an existing server; memory is measured only with --pid)
 * Options: --levels 1,4,8   --stagger-ms 300   --verbose (each sentence's timing)
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startBuiltServer } from '../../test/support/built-server.js';
import {
  buildFixtureConversation,
  type Conversation,
  openingOf,
  SAMPLE_RATE,
} from '../support/fixture-conversation.js';
import { formatP50P95, printTable } from '../support/latency.js';
import { processTreeMemory, processTreeUsage, residentMiB } from '../support/process-usage.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { StreamedConversation } from '../support/streamed-conversation.js';

/** After the audio: end a session at the latest after this long. */
const DRAIN_CAP_MS = 60_000;
/**
 * The VAD declares a sentence boundary after 20 silent 32 ms frames (interface §4.3.4,
 * VAD_SILENCE_FRAMES): the boundary is this long after the end of speech.
 */
const BOUNDARY_AFTER_SPEECH_MS = 20 * 32;

interface SessionResult {
  expected: number;
  recognized: number;
  spoken: number;
  extraAsr: number;
  errors: string[];
  asrLatencies: number[];
  ttsLatencies: number[];
  /** End of speech → first asr_partial, for the sentences that had one. */
  partialLatencies: number[];
  closeCode: number;
  /** Per expected sentence: fixture end / server end_ms, and the asr_result latency. */
  timeline: string[];
}

async function runSession(url: string, conversation: Conversation): Promise<SessionResult> {
  const { sentences } = conversation;
  const live = new StreamedConversation(conversation);
  const { session, tracker } = live;
  await live.connect(url);
  await live.stream();
  const spokenCount = () =>
    [...tracker.sentences.values()].filter((sentence) => sentence.ttsA).length;
  await live.awaitResults(
    () => spokenCount() >= sentences.length && tracker.allSettled(),
    DRAIN_CAP_MS,
  );
  const closeCode = session.isOpen
    ? (await session.exit({ archive: false, timeoutMs: 30_000 })).closeCode
    : (session.closed?.code ?? 0);

  // First asr_result per expected sentence, and the first tts_audio A of its sentence_id.
  const { firstAsr, extraAsr } = live.placeAsrResults();
  const errors = session.received
    .filter(({ message }) => message.type === 'error')
    .map(({ message }) => String(message.service));
  const asrLatencies: number[] = [];
  const ttsLatencies: number[] = [];
  const partialLatencies: number[] = [];
  for (const [index, asr] of firstAsr) {
    asrLatencies.push(live.sinceSpeechEnd(index, asr));
    const partial = live.firstPartial(String(asr.message.sentence_id));
    if (partial) partialLatencies.push(live.sinceSpeechEnd(index, partial));
    const tts = live.firstTtsA(String(asr.message.sentence_id));
    if (tts) ttsLatencies.push(live.sinceSpeechEnd(index, tts));
  }
  const timeline = sentences.map((sentence, index) => {
    const asr = firstAsr.get(index);
    if (!asr) return `#${index + 1} lost`;
    const latency = live.sinceSpeechEnd(index, asr).toFixed(0);
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
    partialLatencies,
    closeCode,
    timeline,
  };
}

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
  const conversation = buildFixtureConversation();
  const audioSeconds = conversation.samples.length / SAMPLE_RATE;

  const server = values.url
    ? undefined
    : await startBuiltServer({ LOG_LEVEL: 'warn' }, { caller: 'benchmark' });
  const url = values.url ?? server!.wsUrl;
  const pid = server?.pid ?? (values.pid ? Number(values.pid) : undefined);
  const started = Date.now();
  const loadAtStart = loadavg()[0];
  try {
    // Warm-up: loads the decoders, the translation pipelines and the voices once.
    await runSession(url, openingOf(conversation));

    const rows: (string | number)[][] = [];
    const problems: string[] = [];
    for (const sessions of levels) {
      const before = pid ? residentMiB(pid) : NaN;
      let peak = before;
      const treePss = () =>
        pid ? processTreeMemory(pid).reduce((sum, process) => sum + process.pssMiB, 0) : NaN;
      const treeBefore = treePss();
      let treePeak = treeBefore;
      // Every 3 s: reading 40-odd smaps_rollup takes tens of ms (of this process, not the server).
      const treeSampler = setInterval(() => (treePeak = Math.max(treePeak, treePss())), 3_000);
      const cpuBefore = pid ? processTreeUsage(pid).cpuSeconds : NaN;
      const levelStarted = performance.now();
      const sampler = setInterval(() => {
        if (pid) peak = Math.max(peak, residentMiB(pid));
      }, 200);
      const results = await Promise.all(
        Array.from({ length: sessions }, async (_, index) => {
          await sleep(index * staggerMs);
          return runSession(url, conversation);
        }),
      );
      clearInterval(sampler);
      clearInterval(treeSampler);
      treePeak = Math.max(treePeak, treePss());
      if (values.verbose) {
        results.forEach((result, index) =>
          console.log(`${sessions} sessions, #${index + 1}: ${result.timeline.join('; ')}`),
        );
      }
      const cpuShare = pid
        ? (processTreeUsage(pid).cpuSeconds - cpuBefore) /
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
        formatP50P95(results.flatMap((result) => result.asrLatencies)),
        formatP50P95(
          results.flatMap((result) =>
            result.asrLatencies.map((ms) => ms - BOUNDARY_AFTER_SPEECH_MS),
          ),
        ),
        formatP50P95(results.flatMap((result) => result.ttsLatencies)),
        formatP50P95(
          results.flatMap((result) =>
            result.ttsLatencies.map((ms) => ms - BOUNDARY_AFTER_SPEECH_MS),
          ),
        ),
        sum((result) => result.partialLatencies.length),
        formatP50P95(results.flatMap((result) => result.partialLatencies)),
        pid ? `${before.toFixed(0)} → ${peak.toFixed(0)}` : '–',
        pid ? ((peak - before) / sessions).toFixed(1) : '–',
        pid ? `${treeBefore.toFixed(0)} → ${treePeak.toFixed(0)}` : '–',
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
        'boundary → asr_result p50 / p95 ms',
        'end of speech → tts A p50 / p95 ms',
        'boundary → tts A p50 / p95 ms',
        'sentences with asr_partial',
        'end of speech → first asr_partial p50 / p95 ms',
        'server RSS MiB before → peak',
        'RSS MiB per session',
        'process tree PSS MiB before → peak',
        'server CPU (with workers), % of all cores',
      ],
      rows,
    );
    for (const problem of problems) console.log(`\n${problem}`);
    const log = server && (server.stdout() + server.stderr()).trim();
    if (log) console.log(`\nServer output (LOG_LEVEL=warn), last lines:\n${log.slice(-3000)}`);
  } finally {
    await server?.stop();
  }
}

runBenchmark(main);

/**
 * Speaks a set of sentences with one voice and recognizes them with the embedded recognizer:
 * word error rate, the recognizer's confidence per sentence, and the decoders' CPU time per
 * sentence (read from /proc, so it counts the Python workers, not this process).
 * With BENCH_STREAM=1 each sentence is decoded as the session decodes it while it is spoken
 * (one voice's sentences being one session: they carry one channel, its cepstral mean):
 * pushed to a live decoder in 20 ms chunks on a simulated clock (20 ms a chunk, so partials are
 * asked as often as in a conversation), BENCH_STREAM_PACE times faster than real time (default 4,
 * which a decoder keeps up with), then finished.
 */
import { readFileSync } from 'node:fs';
import type { AsrChannel } from '../../src/transcription/engines/asr-engine.js';
import type { PocketsphinxEngine } from '../../src/transcription/engines/pocketsphinx/pocketsphinx.engine.js';
import { wordDistance, words } from '../../src/transcription/wer.js';
import type { BenchVoice } from './bench-voices.js';

export interface RecognizedSentence {
  readonly reference: string;
  readonly hypothesis: string;
  readonly errors: number;
  readonly words: number;
  /** Null when nothing was recognized. */
  readonly confidence: number | null;
  readonly synthesisMs: number;
  readonly audioSeconds: number;
  /** Streamed only: ms from finish() to the transcript, and the partials received. */
  readonly finishMs?: number;
  readonly partials?: number;
}

/** Whether sentences are decoded while spoken (BENCH_STREAM=1) rather than whole. */
export const STREAMED = process.env.BENCH_STREAM === '1';

const PACE = Number(process.env.BENCH_STREAM_PACE ?? 4);

/** The simulated clock of streamed runs: give it to the engine as `now`. */
export const streamClock = { now: 0 };

interface Recognized {
  readonly text: string;
  readonly confidence?: number;
  readonly finishMs?: number;
  readonly partials?: number;
}

/** One sentence, whole or streamed (STREAMED). */
export async function recognize(
  engine: PocketsphinxEngine,
  samples: Float32Array,
  channel: AsrChannel,
): Promise<Recognized> {
  if (!STREAMED) {
    return engine.transcribe({ samples, localeHints: ['en-US'] }, AbortSignal.timeout(60_000));
  }
  let partials = 0;
  const stream = engine.openStream(['en-US'], () => partials++, channel);
  if (!stream) throw new Error('no live decoder: give the engine liveDecoders');
  for (let at = 0; at < samples.length; at += 320) {
    stream.push(samples.subarray(at, at + 320));
    streamClock.now += 20;
    // The pause between a speaker's frames, PACE times shorter; partial answers come in meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20 / PACE));
  }
  const started = performance.now();
  const result = await stream.finish(AbortSignal.timeout(60_000));
  return { ...result, finishMs: performance.now() - started, partials };
}

export interface RecognitionRun {
  readonly voice: string;
  readonly sentences: readonly RecognizedSentence[];
  /** Decoder CPU seconds (user + system) for the whole run. */
  readonly cpuSeconds: number;
}

/** Summed user + system CPU time of processes, in seconds (clock ticks of /proc/PID/stat). */
export function cpuSecondsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** Speaks every sentence with `voice`, then recognizes them one after the other. */
export async function recognizeSpoken(
  engine: PocketsphinxEngine,
  voice: BenchVoice,
  sentences: readonly string[],
): Promise<RecognitionRun> {
  const spoken: { text: string; samples: Float32Array; ms: number }[] = [];
  for (const text of sentences) {
    const started = performance.now();
    const samples = await voice.speak(text);
    spoken.push({ text, samples, ms: performance.now() - started });
  }
  return recognizeAudio(
    engine,
    voice.name,
    spoken.map(({ text, samples, ms }) => ({ reference: text, samples, synthesisMs: ms })),
  );
}

/** Recognizes recorded sentences, one at a time. */
export async function recognizeAudio(
  engine: PocketsphinxEngine,
  voice: string,
  audio: readonly { reference: string; samples: Float32Array; synthesisMs?: number }[],
): Promise<RecognitionRun> {
  const results: RecognizedSentence[] = [];
  // One voice's sentences are one session: its streams carry its channel from one to the next.
  const channel: AsrChannel = {};
  const cpuBefore = cpuSecondsOf(engine.workerPids());
  for (const { reference, samples, synthesisMs } of audio) {
    const { text, confidence, finishMs, partials } = await recognize(engine, samples, channel);
    results.push({
      finishMs,
      partials,
      reference,
      hypothesis: text,
      errors: wordDistance(reference, text),
      words: words(reference).length,
      confidence: confidence ?? null,
      synthesisMs: synthesisMs ?? 0,
      audioSeconds: samples.length / 16_000,
    });
  }
  return { voice, sentences: results, cpuSeconds: cpuSecondsOf(engine.workerPids()) - cpuBefore };
}

/** Corpus WER of runs: all errors over all reference words. */
export function corpusWer(runs: readonly RecognitionRun[]): number {
  const all = runs.flatMap((run) => run.sentences);
  const errors = all.reduce((sum, s) => sum + s.errors, 0);
  const total = all.reduce((sum, s) => sum + s.words, 0);
  return total === 0 ? 0 : errors / total;
}

export const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

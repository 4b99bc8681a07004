/**
 * Speaks a set of sentences with one voice and recognizes them with the embedded recognizer:
 * word error rate, the recognizer's confidence per sentence, and the decoders' CPU time per
 * sentence (as the engine tells it: its Python workers and its threads, not this process).
 * With BENCH_STREAM=1 each sentence is decoded as the session decodes it while it is spoken
 * (one voice's sentences being one session: they carry one channel, its cepstral mean): through
 * the VAD segmenter, in 20 ms chunks on a simulated clock (20 ms a chunk, so partials are asked
 * as often as in a conversation), finished early at its pauses (segmented-stream.ts).
 */
import { PAUSE_MS as PAUSE } from '../../src/audio/vad/segmenter-settings.js';
import { SileroVadModel } from '../../src/audio/vad/silero-vad.model.js';
import type { AsrChannel, AsrEngine } from '../../src/transcription/engines/asr-engine.js';
import type { PocketsphinxOptions } from '../../src/transcription/engines/pocketsphinx/pocketsphinx-options.js';
import { wordDistance, words } from '../../src/transcription/wer.js';
import type { BenchVoice } from './bench-voices.js';
import { recognizeSegmented } from './segmented-stream.js';

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

/** The simulated clock of streamed runs: give it to the engine as `now`. */
export const streamClock = { now: 0 };

interface Recognized {
  readonly text: string;
  readonly confidence?: number;
  readonly finishMs?: number;
  readonly partials?: number;
}

/** The VAD of streamed runs, loaded once. */
let vad: Promise<SileroVadModel> | undefined;

/**
 * BENCH_PAUSE_MS: the pause after which a streamed sentence is finished early (the service's
 * PAUSE_MS by default; `off`: only at its end, as before 2026-11-27).
 */
export const STREAM_PAUSE_MS =
  process.env.BENCH_PAUSE_MS === 'off' ? undefined : Number(process.env.BENCH_PAUSE_MS ?? PAUSE);

/** ASR_MIN_CONFIDENCE: another drop threshold (MIN_CONFIDENCE), to study it; else the engine's. */
const MIN_CONFIDENCE_OVERRIDE = process.env.ASR_MIN_CONFIDENCE
  ? Number(process.env.ASR_MIN_CONFIDENCE)
  : undefined;

/**
 * BENCH_REDECODE: under which live confidence a streamed sentence is decoded again whole (the
 * engine's LOW_CONFIDENCE by default; `off`: never).
 */
export const REDECODE_BELOW_OVERRIDE =
  process.env.BENCH_REDECODE === 'off'
    ? null
    : process.env.BENCH_REDECODE
      ? Number(process.env.BENCH_REDECODE)
      : undefined;

/** The engine options every bench that recognizes takes from the environment (the two above). */
export const ENGINE_OVERRIDES: Pick<PocketsphinxOptions, 'minConfidence' | 'redecodeBelow'> = {
  minConfidence: MIN_CONFIDENCE_OVERRIDE,
  redecodeBelow: REDECODE_BELOW_OVERRIDE,
};

/** One sentence, whole or streamed (STREAMED): through the VAD segmenter, as a session does. */
export async function recognize(
  engine: AsrEngine,
  samples: Float32Array,
  channel: AsrChannel,
): Promise<Recognized> {
  if (!STREAMED) {
    return engine.transcribe({ samples, localeHints: ['en-US'] }, AbortSignal.timeout(60_000));
  }
  vad ??= (async () => {
    const model = new SileroVadModel();
    await model.onModuleInit();
    return model;
  })();
  const result = await recognizeSegmented(
    engine,
    await vad,
    samples,
    channel,
    streamClock,
    STREAM_PAUSE_MS,
  );
  streamStats.parts += result.parts;
  streamStats.sentences += result.sentences;
  streamStats.fallbacks += result.fallbacks;
  return result;
}

/** Streamed runs: streams opened, sentences the VAD found, sentences decoded whole instead. */
export const streamStats = { parts: 0, sentences: 0, fallbacks: 0 };

export interface RecognitionRun {
  readonly voice: string;
  readonly sentences: readonly RecognizedSentence[];
  /** Decoder CPU seconds (user + system) for the whole run. */
  readonly cpuSeconds: number;
}

/** The recognizer's CPU time so far, in seconds, as the engine tells it (0 when it does not). */
export function decoderCpuSeconds(engine: AsrEngine): number {
  return engine.usage?.().cpuSeconds ?? 0;
}

/** Speaks every sentence with `voice`, then recognizes them one after the other. */
export async function recognizeSpoken(
  engine: AsrEngine,
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
  engine: AsrEngine,
  voice: string,
  audio: readonly { reference: string; samples: Float32Array; synthesisMs?: number }[],
): Promise<RecognitionRun> {
  const results: RecognizedSentence[] = [];
  // One voice's sentences are one session: its streams carry its channel from one to the next.
  const channel: AsrChannel = {};
  const cpuBefore = decoderCpuSeconds(engine);
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
  return { voice, sentences: results, cpuSeconds: decoderCpuSeconds(engine) - cpuBefore };
}

/** Corpus WER of runs: all errors over all reference words. */
export function corpusWer(runs: readonly RecognitionRun[]): number {
  const all = runs.flatMap((run) => run.sentences);
  const errors = all.reduce((sum, s) => sum + s.errors, 0);
  const total = all.reduce((sum, s) => sum + s.words, 0);
  return total === 0 ? 0 : errors / total;
}

export const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

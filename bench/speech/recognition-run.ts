/**
 * Speaks a set of sentences with one voice and recognizes them with the embedded recognizer:
 * word error rate, the recognizer's confidence per sentence, and the decoders' CPU time per
 * sentence (read from /proc, so it counts the Python workers, not this process).
 */
import { readFileSync } from 'node:fs';
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
  const cpuBefore = cpuSecondsOf(engine.workerPids());
  for (const { reference, samples, synthesisMs } of audio) {
    const { text, confidence } = await engine.transcribe(
      { samples, localeHints: ['en-US'] },
      AbortSignal.timeout(60_000),
    );
    results.push({
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

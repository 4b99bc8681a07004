import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Piscina } from 'piscina';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../../common/errors/engine.errors.js';
import { stopOnAbort } from '../../../common/timeout/with-timeout.js';
import { spokenForm } from '../../spoken-form.js';
import { ASR_SAMPLE_RATE, AsrAudio, AsrEngine, AsrTranscript, AsrUsage } from '../asr-engine.js';
import { type Hypothesis, hypothesisTranscript, ScoringRecognizer } from '../scoring-recognizer.js';
import { acquirePool, releasePool } from './moonshine-pool.js';
import { meanProbability, textToTokens, tokensToText } from './moonshine-text.js';

const SERVICE = 'Transcription';
const ENGINE = 'moonshine';
const LOCALE = 'en-US';

/** The worker thread's script, beside this file in src/ and in dist/ (a nest-cli asset). */
const WORKER = new URL('./moonshine.worker.mjs', import.meta.url).href;

/** Where the set-up puts the weights (scripts/moonshine-model.mjs), from src/ and dist/ alike. */
export const MOONSHINE_DIR = fileURLToPath(
  new URL('../../../../build/moonshine-tiny/', import.meta.url),
);

export const SETUP_HINT =
  'Run `npm run setup`: it installs the Moonshine model into build/moonshine-tiny/ from the npm registry.';

/**
 * Below this geometric mean of the token probabilities a sentence is marked low-confidence (the
 * speaker should be asked to repeat), with ASR_ENGINE=moonshine. Calibrated as for pocketsphinx
 * (the value that flags the most misrecognized sentences while flagging at most 10 % of the exact
 * ones) on the 1,356 sentences of docs/speech.md's "Moonshine with pocketsphinx": 0.83 flags
 * 62.8 % of the misrecognized ones and 9.2 % of the exact ones.
 */
export const MOONSHINE_LOW_CONFIDENCE = 0.83;

/**
 * Below this, nothing is answered: the model's text is made up. Of the 1,356 sentences spoken for
 * the choice of the default engine (docs/speech.md), the lowest score of one with words was
 * 0.42 (a diphone voice's "Your test results are normal." heard as "The overtest results are
 * normal."); the voice activity detector keeps silence, noise and music from the recognizer in
 * the first place, and this is the second guard.
 */
export const MOONSHINE_MIN_CONFIDENCE = 0.3;

/** What one worker answers for a segment (moonshine.worker.mjs). */
interface MoonshineDecoding {
  readonly tokens: number[];
  readonly logProbs: number[];
}

export interface MoonshineOptions {
  /**
   * Worker threads, each with its own copy of the model: ~175–250 MiB resident each (onnxruntime's
   * memory arena; without it a decoding took three times the CPU). Each decodes one sentence at a
   * time.
   */
  readonly threads: number;
  readonly timeoutMs: number;
  /** The folder of encoder_model.onnx and decoder_model_merged.onnx; default MOONSHINE_DIR. */
  readonly modelDir?: string;
  /** Segments that may wait for a thread; default 16 per thread. */
  readonly maxQueue?: number;
}

/**
 * Moonshine tiny (Useful Sensors, MIT): an English encoder-decoder recognizer of 27 M parameters
 * trained on real people's speech, run with onnxruntime-node in worker threads (piscina), one
 * model per thread. It decodes a 2.6 s sentence in about 80 ms of CPU, and makes a quarter of
 * pocketsphinx's errors on real voices (docs/speech.md, "Moonshine"). It decodes whole segments
 * only: no live stream, so no words while someone speaks.
 */
export class MoonshineEngine
  implements AsrEngine, ScoringRecognizer, OnModuleInit, OnModuleDestroy
{
  readonly name = ENGINE;
  readonly lowConfidenceBelow = MOONSHINE_LOW_CONFIDENCE;
  private readonly logger = new Logger(MoonshineEngine.name);
  private readonly modelDir: string;
  private pool?: Piscina;
  private missing?: string;
  private cpuMicros = 0;

  constructor(private readonly options: MoonshineOptions) {
    this.modelDir = options.modelDir ?? MOONSHINE_DIR;
  }

  languages(): readonly string[] {
    return [LOCALE];
  }

  /** Starts the threads and waits until each has loaded the model, so the first request is fast. */
  async onModuleInit(): Promise<void> {
    const files = ['encoder_model.onnx', 'decoder_model_merged.onnx'].map((file) =>
      join(this.modelDir, file),
    );
    const absent = files.filter((file) => !existsSync(file));
    if (absent.length > 0) {
      this.missing = `the model is not installed (${absent.join(', ')} missing)`;
      this.logger.error(`Moonshine cannot start: ${this.missing}. ${SETUP_HINT}`);
      return;
    }
    const threads = Math.max(1, this.options.threads);
    const started = Date.now();
    const { pool, warm } = acquirePool(
      {
        worker: WORKER,
        encoder: files[0],
        decoder: files[1],
        threads,
        maxQueue: this.options.maxQueue ?? 16 * threads,
      },
      // Each thread loads the model and decodes once, so the first request is fast.
      () => Promise.all(Array.from({ length: threads }, () => this.probe())).then(() => {}),
    );
    this.pool = pool;
    try {
      await warm;
      this.logger.log(`Moonshine ready: ${threads} threads in ${Date.now() - started} ms`);
    } catch (error) {
      this.logger.error(`Moonshine could not start: ${(error as Error).message}`);
    }
  }

  /** CPU time the decoder threads have spent on decodings so far. */
  usage(): AsrUsage {
    return { cpuSeconds: this.cpuMicros / 1e6 };
  }

  onModuleDestroy(): void {
    const pool = this.pool;
    this.pool = undefined;
    if (pool) releasePool(pool);
  }

  async transcribe(audio: AsrAudio, signal: AbortSignal): Promise<AsrTranscript> {
    return hypothesisTranscript(await this.hypothesis(audio.samples, signal), LOCALE);
  }

  /**
   * Its text of `samples` with the figures written as words (the service's spoken form), none
   * below MOONSHINE_MIN_CONFIDENCE, and how sure it is: its tokens' geometric mean probability.
   */
  async hypothesis(samples: Float32Array, signal: AbortSignal): Promise<Hypothesis> {
    const { tokens, logProbs } = await this.decode(samples, signal);
    const confidence = meanProbability(logProbs);
    const text = confidence >= MOONSHINE_MIN_CONFIDENCE ? spokenForm(tokensToText(tokens)) : '';
    return { text, confidence };
  }

  /** A real decoding of 0.5 s of a quiet tone, for the readiness check. */
  async probe(): Promise<void> {
    const samples = new Float32Array(ASR_SAMPLE_RATE / 2).map(
      (_, i) => 0.01 * Math.sin((2 * Math.PI * 220 * i) / ASR_SAMPLE_RATE),
    );
    await this.decode(samples, AbortSignal.timeout(this.options.timeoutMs));
  }

  /** The model's greedy decoding of `samples` in a worker thread. */
  private decode(samples: Float32Array, signal: AbortSignal): Promise<MoonshineDecoding> {
    return this.run<MoonshineDecoding>({ samples }, signal);
  }

  /**
   * The model's log probability of each text for `samples` (see ScoringRecognizer), the texts
   * given to the worker as Moonshine's tokens.
   */
  async score(
    samples: Float32Array,
    texts: readonly string[],
    signal: AbortSignal,
  ): Promise<number[]> {
    if (texts.length === 0) return [];
    const candidates = texts.map((text) => textToTokens(text));
    return (await this.run<{ scores: number[] }>({ samples, candidates }, signal)).scores;
  }

  private async run<T>(
    task: { samples: Float32Array; candidates?: readonly (readonly number[])[] },
    signal: AbortSignal,
  ): Promise<T> {
    if (!this.pool) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        this.missing ?? 'the engine is not started.',
        SETUP_HINT,
      );
    }
    if (signal.aborted) throw this.failure(undefined, signal);
    // The deadline answers the caller at once and tells the thread to stop at its next token:
    // piscina's own abort would terminate the thread mid-run, which takes the process down.
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const running = (this.pool.run({ ...task, cancel }) as Promise<T & { cpuMicros: number }>).then(
      (result) => {
        this.cpuMicros += result.cpuMicros;
        return result;
      },
    );
    try {
      return await stopOnAbort(
        running,
        signal,
        () => Atomics.store(cancel, 0, 1),
        () => this.failure(undefined, signal),
      );
    } catch (error) {
      throw error instanceof EngineError ? error : this.failure(error, signal);
    }
  }

  private failure(error: unknown, signal: AbortSignal): EngineError {
    if (signal.aborted) {
      return new EngineTimeoutError(
        SERVICE,
        ENGINE,
        'no answer in time.',
        'Raise ASR_TIMEOUT_MS, or ASR_POOL_SIZE if many people speak at once.',
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    if (/queue is at limit/i.test(message)) {
      return new EngineUnavailableError(
        SERVICE,
        ENGINE,
        'too many sentences are waiting for a decoder.',
        'Raise ASR_POOL_SIZE (decoder threads) on a machine with more cores.',
      );
    }
    return new EngineUnavailableError(
      SERVICE,
      ENGINE,
      `the decoder failed (${message}).`,
      SETUP_HINT,
    );
  }
}

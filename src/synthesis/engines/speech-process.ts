import { AudioDecodeError, decodeWav } from '../../audio/wav-decoder.js';
import { encodeWav } from '../../audio/wav-encoder.js';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import { isDeadline, stopOnAbort } from '../../common/timeout/with-timeout.js';
import { timeStretch } from '../audio/time-stretch.js';
import { LaunchedRun, ProcessLauncher } from './process-launcher.js';
import { Semaphore } from './semaphore.js';
import { SynthesizedAudio } from './tts-engine.js';

const SERVICE = 'TTS';
/** A probe's audio must last this long and be this loud (RMS of 16-bit samples) to count. */
const PROBE_MIN_SECONDS = 0.2;
const PROBE_MIN_RMS = 200 / 32768;

/** A synthesizer process that could not start or exited badly; its message names no text. */
export class ProcessFailure extends Error {}

/**
 * The synthesizer processes of one engine: each run is one process, the text on stdin (never an
 * argument: no length limit, invisible to `ps`), its stdout collected; stderr is read and dropped
 * (warnings can quote the text). At most `concurrency` run at once; a run whose signal aborts
 * kills its process; close() kills them all.
 */
export class SpeechProcesses {
  private readonly slots: Semaphore;
  /** The kill of each run in progress. */
  private readonly running = new Set<() => void>();
  private readonly launcher = ProcessLauncher.acquire();
  private stopped = false;

  constructor(concurrency: number) {
    this.slots = new Semaphore(concurrency);
  }

  get closed(): boolean {
    return this.stopped;
  }

  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const kill of this.running) kill();
    this.launcher.release();
  }

  /** Runs `command` with `input` on stdin and resolves with its stdout. */
  async run(
    command: string,
    args: readonly string[],
    input: string | Buffer,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const release = await this.slots.acquire(signal);
    try {
      if (this.stopped) throw new ProcessFailure('the engine was shut down');
      signal.throwIfAborted();
      const { done, kill } = this.launcher.run(command, args, input);
      this.running.add(kill);
      let ended: LaunchedRun;
      try {
        // A run whose signal aborts answers at once; its process is killed meanwhile.
        ended = await stopOnAbort(
          done.catch(() => {
            // The launcher rejects only when its helper process stopped.
            throw new ProcessFailure('could not finish (launcher stopped)');
          }),
          signal,
          kill,
        );
      } finally {
        this.running.delete(kill);
      }
      if (ended.error) throw new ProcessFailure(`could not be started (${ended.error})`);
      if (ended.code !== 0) {
        throw new ProcessFailure(`exited with ${ended.signal ?? `code ${ended.code}`}`);
      }
      return ended.stdout;
    } finally {
      release();
    }
  }
}

/**
 * A synthesizer's WAV (streaming sizes accepted) as a WAV with exact sizes, PCM 16-bit mono,
 * time-stretched by `stretch` (> 1: faster, pitch kept) when it is not 1. No output at all (a
 * text with nothing to say) is an empty WAV at `emptyRate`.
 */
export function toSpeech(output: Buffer, stretch: number, emptyRate: number): SynthesizedAudio {
  const { sampleRate, samples } =
    output.length === 0
      ? { sampleRate: emptyRate, samples: new Float32Array() }
      : decodeWav(output);
  const spoken = stretch === 1 ? samples : timeStretch(samples, sampleRate, stretch);
  return {
    wav: encodeWav(spoken, sampleRate),
    sampleRate,
    durationMs: Math.round((spoken.length / sampleRate) * 1000),
  };
}

/** Whether a probe's WAV holds speech: long and loud enough. */
export function audible(output: Buffer): boolean {
  try {
    const { samples, sampleRate } = decodeWav(output);
    if (samples.length < PROBE_MIN_SECONDS * sampleRate) return false;
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    return Math.sqrt(sum / samples.length) >= PROBE_MIN_RMS;
  } catch {
    return false;
  }
}

export interface FailureContext {
  /** The engine's name, e.g. `flite`. */
  readonly engine: string;
  readonly signal: AbortSignal;
  /** When the work started (Date.now()). */
  readonly started: number;
  /** Whether the engine was shut down. */
  readonly closed: boolean;
  /** TTS_TIMEOUT_MS, for the messages. */
  readonly timeoutMs: number;
  /** What to install, e.g. `Install the Debian package flite (npm run setup does).` */
  readonly installHint: string;
}

/** The EngineError a failed run answers: shut down, timed out or cancelled, or unavailable. */
export function speechFailure(error: unknown, context: FailureContext): EngineError {
  const { engine, signal, timeoutMs, installHint } = context;
  if (error instanceof EngineError) return error;
  if (context.closed) return engineStopped(engine);
  if (signal.aborted) {
    const message = isDeadline(signal.reason)
      ? `did not finish within ${timeoutMs} ms; the process was stopped.`
      : `was cancelled after ${Date.now() - context.started} ms; the process was stopped.`;
    return new EngineTimeoutError(
      SERVICE,
      engine,
      message,
      `Raise TTS_TIMEOUT_MS (currently ${timeoutMs}) for long texts or slow speeds.`,
    );
  }
  if (error instanceof AudioDecodeError) {
    return new EngineUnavailableError(
      SERVICE,
      engine,
      `wrote audio that cannot be read (${error.reason}).`,
      installHint,
    );
  }
  const reason = error instanceof ProcessFailure ? error.message : 'failed';
  return new EngineUnavailableError(SERVICE, engine, `${reason}.`, installHint);
}

export function engineStopped(engine: string): EngineError {
  return new EngineUnavailableError(SERVICE, engine, 'was stopped: the server is shutting down.');
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@nestjs/common';
import type { WorkerCommand } from './pocketsphinx-worker.js';

export const SETUP_HINT =
  'Run npm run setup: it installs the Debian packages pocketsphinx, pocketsphinx-en-us and python3-pocketsphinx.';

/**
 * The clinical dictionary and language model built by the set-up (scripts/clinical-asr-model.mjs),
 * build/asr/ at the repository root (four levels up from src/… and dist/…).
 */
export const CLINICAL_MODEL_DIR = fileURLToPath(new URL('../../../../build/asr/', import.meta.url));

/** The worker beside this file: src/ under Jest, dist/ once built (nest-cli.json `assets`). */
export const WORKER_SCRIPT = fileURLToPath(new URL('./pocketsphinx_worker.py', import.meta.url));

export interface PocketsphinxOptions {
  /** Decoder processes for whole segments (ASR_POOL_SIZE), forked from the loaded model. */
  readonly poolSize: number;
  /**
   * Further decoder processes that only decode sentences while they are spoken
   * (ASR_LIVE_DECODERS, twice the pool by default in the service; 0 here, none): one per
   * sentence being spoken at the same time.
   */
  readonly liveDecoders?: number;
  /** ASR_TIMEOUT_MS, for messages only: the caller's signal carries the deadline. */
  readonly timeoutMs: number;
  readonly python?: string;
  readonly modelDir?: string;
  /**
   * The clinical additions (default CLINICAL_MODEL_DIR); null runs the stock model. When its
   * model.json is missing the stock model runs too, with a warning.
   */
  readonly clinicalDir?: string | null;
  readonly script?: string;
  /** Hypotheses under this confidence are returned as "" (default MIN_CONFIDENCE). */
  readonly minConfidence?: number;
  /**
   * A streamed sentence less confident than this at its end (or without words) is decoded again
   * whole and the more confident answer kept (default LOW_CONFIDENCE, the doubtful ones; null:
   * never, the live answer as it is).
   */
  readonly redecodeBelow?: number | null;
  /** Requests allowed to wait for a decoder before new ones are refused (default 16 per decoder). */
  readonly maxQueue?: number;
  readonly startTimeoutMs?: number;
  /** First delay before starting again a decoder that failed to start; doubles up to 30 s. */
  readonly restartDelayMs?: number;
  /** The clock that paces partials (tests replace it; default Date.now). */
  readonly now?: () => number;
}

/** How each decoder process is started, from the options and their defaults. */
export function workerCommand(options: PocketsphinxOptions, logger: Logger): WorkerCommand {
  return {
    python: options.python ?? '/usr/bin/python3',
    script: options.script ?? WORKER_SCRIPT,
    modelDir: options.modelDir ?? '/usr/share/pocketsphinx/model/en-us',
    clinicalDir: clinicalDir(options.clinicalDir, logger),
    startTimeoutMs: options.startTimeoutMs ?? 60_000,
  };
}

/** The clinical model's directory if it was built; the stock model (with a warning) if not. */
function clinicalDir(option: string | null | undefined, logger: Logger): string | undefined {
  if (option === null) return undefined;
  const dir = option ?? CLINICAL_MODEL_DIR;
  if (existsSync(join(dir, 'model.json'))) return dir;
  logger.warn(
    `The clinical language model and dictionary (${join(dir, 'model.json')}) are missing: pocketsphinx runs the stock en-us model, without drug names. Run npm run setup: it builds them (scripts/clinical-asr-model.mjs).`,
  );
  return undefined;
}

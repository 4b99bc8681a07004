import { EngineTimeoutError } from '../errors/engine.errors.js';
import { withTimeout } from './with-timeout.js';

/** The deadline a service puts on each call of its engine. */
export interface EngineDeadline {
  /** Capability, e.g. `Translation`. */
  readonly service: string;
  /** Engine name, e.g. `apertium`. */
  readonly engine: string;
  readonly ms: number;
  /** The setting that holds `ms`, e.g. `TRANSLATION_TIMEOUT_MS`: the hint names it. */
  readonly setting: string;
  /** What the call waits for, in the message: `answer` (default), or e.g. `audio`. */
  readonly awaited?: string;
}

/** The error of a passed deadline, e.g. `no answer within 5000 ms.`, naming the setting. */
export function engineTimeout({
  service,
  engine,
  ms,
  setting,
  awaited = 'answer',
}: EngineDeadline): EngineTimeoutError {
  return new EngineTimeoutError(
    service,
    engine,
    `no ${awaited} within ${ms} ms.`,
    `Check the engine, or raise ${setting}.`,
  );
}

/**
 * Runs one engine call under its deadline (withTimeout): an engine that honours the signal
 * answers with its own timeout error; one that ignores it is given up with `engineTimeout`.
 */
export function withEngineDeadline<T>(
  deadline: EngineDeadline,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return withTimeout(deadline.ms, work, () => engineTimeout(deadline));
}

/**
 * Growing waits between attempts to reach the service again after the connection was lost:
 * 1, 2, 4, 8, 16 s, then 30 s each time, each spread by a little jitter so that the tablets of a
 * ward do not all knock at the same instant when the service comes back. Pure logic, no DOM.
 */
export interface BackoffOptions {
  /** The first wait, in ms. */
  initialMs?: number;
  /** The longest wait, in ms. */
  maxMs?: number;
  /** How much a wait may vary either way, as a fraction of it (0.2: ±20 %). */
  jitter?: number;
  /** 0 ≤ x < 1; Math.random by default (tests pass their own). */
  random?: () => number;
}

export class Backoff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private attempt = 0;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 1000;
    this.maxMs = options.maxMs ?? 30_000;
    this.jitter = options.jitter ?? 0.2;
    this.random = options.random ?? Math.random;
  }

  /** How many waits were handed out since the last reset. */
  get attempts(): number {
    return this.attempt;
  }

  /** The wait before the next attempt, in ms (each call is one more attempt). */
  next(): number {
    const base = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.attempt, 30));
    this.attempt++;
    const spread = base * this.jitter * (2 * this.random() - 1);
    return Math.max(0, Math.round(base + spread));
  }

  /** Starts again from the first wait (the service answered). */
  reset(): void {
    this.attempt = 0;
  }
}

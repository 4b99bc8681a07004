import { Piscina } from 'piscina';

/**
 * Moonshine's worker threads, shared by the engines of one process that load the same model with
 * the same number of threads, and kept LINGER_MS after the last engine let them go: an app
 * started again in the same process (the tests start about a hundred) reuses the loaded model
 * instead of loading it again (1.2 s of CPU per app). A production server has one engine; its
 * idle threads do not keep the process alive (piscina unrefs them), nor does the timer.
 */
export const LINGER_MS = 10_000;

interface Shared {
  readonly pool: Piscina;
  /** Resolves once every thread has loaded the model and decoded once; rejects if one cannot. */
  readonly warm: Promise<void>;
  users: number;
  linger?: NodeJS.Timeout;
}

const shared = new Map<string, Shared>();

export interface PoolOptions {
  readonly worker: string;
  readonly encoder: string;
  readonly decoder: string;
  readonly threads: number;
  readonly maxQueue: number;
}

/** The pool for these options, started (and warmed by `warm`, once) when none runs. */
export function acquirePool(
  options: PoolOptions,
  warm: (pool: Piscina) => Promise<void>,
): { pool: Piscina; warm: Promise<void> } {
  const key = JSON.stringify(options);
  let entry = shared.get(key);
  if (!entry) {
    const pool = new Piscina({
      filename: options.worker,
      workerData: { encoder: options.encoder, decoder: options.decoder },
      minThreads: options.threads,
      maxThreads: options.threads,
      maxQueue: options.maxQueue,
    });
    // Warmed once the caller holds the pool (a microtask later), and only once for all users.
    const warmed = Promise.resolve().then(() => warm(pool));
    entry = { pool, warm: warmed, users: 0 };
    shared.set(key, entry);
    // A pool that could not warm is not kept for the next engine.
    warmed.catch(() => shared.get(key) === entry && shared.delete(key));
  }
  clearTimeout(entry.linger);
  entry.linger = undefined;
  entry.users++;
  return { pool: entry.pool, warm: entry.warm };
}

/** Lets the pool go: destroyed LINGER_MS after its last user, unless another takes it first. */
export function releasePool(pool: Piscina, lingerMs = LINGER_MS): void {
  for (const [key, entry] of shared) {
    if (entry.pool !== pool) continue;
    if (--entry.users > 0) return;
    entry.linger = setTimeout(() => {
      if (shared.get(key) === entry && entry.users === 0) shared.delete(key);
      void pool.destroy();
    }, lingerMs);
    entry.linger.unref();
    return;
  }
  void pool.destroy(); // not shared (its warm-up failed): nobody else holds it
}

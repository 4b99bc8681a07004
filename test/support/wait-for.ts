import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitForOptions {
  /** How long to keep trying, in ms. */
  timeout?: number;
  /** Pause between tries, in ms. */
  interval?: number;
}

/**
 * Calls `check` until it returns without throwing (an `expect` that holds) and resolves with its
 * value; past `timeout` rejects with the last error. Jest has no such helper. It waits on
 * node:timers, which Jest's fake timers leave alone, so it works in a test that fakes them.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeout = 1_000, interval = 50 }: WaitForOptions = {},
): Promise<T> {
  const deadline = performance.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() >= deadline) throw error;
    }
    await sleep(interval);
  }
}

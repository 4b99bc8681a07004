/**
 * Runs `work` with an AbortSignal that fires after `ms`. Engines that honour the signal answer with
 * their own timeout error, which names their settings; if `work` ignores it, the call is given up
 * `graceMs` later with `onTimeout()`, so no engine call can hang a request.
 */
export async function withTimeout<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  onTimeout: () => Error,
  graceMs = 250,
): Promise<T> {
  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const expired = new Promise<never>((_, reject) => {
    timers.push(
      setTimeout(() => controller.abort(new DOMException('deadline passed', 'TimeoutError')), ms),
    );
    timers.push(setTimeout(() => reject(onTimeout()), ms + graceMs));
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    timers.forEach(clearTimeout);
  }
}

/**
 * Waits for `work`, but not more than `ms`: whether it finished in time. Work still running then
 * goes on unwatched (the caller gives it up its own way); work that fails rejects as it is.
 */
export async function finishesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([work.then(() => true), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `work`, or as soon as `signal` aborts (or at once, if it has), `stop()` is called and the
 * call rejects with `reason()` (the signal's own reason by default): the caller is answered
 * without waiting for the work to wind down. The work's later outcome is left unobserved.
 */
export async function stopOnAbort<T>(
  work: Promise<T>,
  signal: AbortSignal,
  stop: () => void,
  reason: () => unknown = () => signal.reason,
): Promise<T> {
  work.catch(() => undefined);
  let onAbort = () => undefined as void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      stop();
      reject(reason());
    };
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Whether an abort reason is a passed deadline (withTimeout above, or AbortSignal.timeout). By
 * its name, not `instanceof Error`: AbortSignal.timeout's DOMException may come from another
 * realm (a vm context, a test runner's sandbox), where instanceof answers false.
 */
export function isDeadline(reason: unknown): boolean {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    (reason as { name?: unknown }).name === 'TimeoutError'
  );
}

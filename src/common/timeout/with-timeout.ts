/**
 * Runs `work` with an AbortSignal that fires after `ms`, and rejects with `onTimeout()` at that
 * moment even if `work` ignores the signal, so no engine call can hang a request.
 */
export async function withTimeout<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  onTimeout: () => Error,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(onTimeout());
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

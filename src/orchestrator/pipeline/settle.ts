export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise that never rejects, so stages can run side by side and be awaited in order. */
export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

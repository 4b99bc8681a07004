/**
 * The deadlines of a remote engine's end-to-end cases against a fake server (translation, speech
 * recognition, speech synthesis): a generous one for every case but the slow server's, and that
 * case on an app of its own at a short one.
 */
import { afterAll, beforeAll } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';

/**
 * The deadline of every case but the slow server's. The fake answers at once, but an app's first
 * call also starts the HTTP client: 0.2 s alone, over 1 s in a loaded CI run (2026-11-30).
 */
export const ANSWER_TIMEOUT_MS = 10_000;

/**
 * For the describe it is called in: an app of its own at the short deadline the slow-server case
 * waits out (`start`). It starts once `reset` has put the fake back to normal (a case before may
 * have left it failing) and is warmed by one call (`warm`), so that what the case times is the
 * deadline, not the HTTP client's start on a first call. Whatever that call answers: a first call
 * can itself miss the short deadline (a 500 ms recognition did, after three other files), and it
 * has started the client all the same.
 */
export function slowServerApp(app: {
  reset(): void;
  start(): Promise<NestExpressApplication>;
  warm(started: NestExpressApplication): Promise<unknown>;
}): () => NestExpressApplication {
  let slow: NestExpressApplication;
  beforeAll(async () => {
    app.reset();
    slow = await app.start();
    await app.warm(slow);
  });
  afterAll(() => slow?.close());
  return () => slow;
}

import { describe, expect, it } from '@jest/globals';
import { runInNewContext } from 'node:vm';
import { finishesWithin, isDeadline, stopOnAbort, withTimeout } from './with-timeout.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withTimeout', () => {
  it('returns the result of work that finishes in time', async () => {
    await expect(
      withTimeout(
        100,
        async () => 'done',
        () => new Error('late'),
      ),
    ).resolves.toBe('done');
  });

  it('aborts the signal at the deadline, so an engine can answer with its own error', async () => {
    const work = (signal: AbortSignal) =>
      new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('engine timeout'))),
      );
    await expect(withTimeout(20, work, () => new Error('backstop'))).rejects.toThrow(
      'engine timeout',
    );
  });

  it('gives up on work that ignores the signal, shortly after the deadline', async () => {
    const started = Date.now();
    await expect(
      withTimeout(
        20,
        () => sleep(5_000),
        () => new Error('backstop'),
        30,
      ),
    ).rejects.toThrow('backstop');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('isDeadline', () => {
  it('knows the reason of AbortSignal.timeout and of a passed withTimeout', async () => {
    const signal = AbortSignal.timeout(1);
    await sleep(20);
    expect(isDeadline(signal.reason)).toBe(true);
    let reason: unknown;
    await withTimeout(
      5,
      (s) =>
        new Promise((resolve) => s.addEventListener('abort', () => resolve((reason = s.reason)))),
      () => new Error('backstop'),
    );
    expect(isDeadline(reason)).toBe(true);
  });

  it('knows a deadline made in another realm, where instanceof Error is false', () => {
    const foreign: unknown = runInNewContext(
      "Object.assign(new Error('late'), { name: 'TimeoutError' })",
    );
    expect(foreign instanceof Error).toBe(false);
    expect(isDeadline(foreign)).toBe(true);
  });

  it('tells a deadline from a cancellation and from what is not an error', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isDeadline(controller.signal.reason)).toBe(false);
    expect(isDeadline('TimeoutError')).toBe(false);
    expect(isDeadline(undefined)).toBe(false);
  });
});

describe('finishesWithin', () => {
  it('says whether the work finished in time, without waiting longer', async () => {
    await expect(finishesWithin(sleep(5), 200)).resolves.toBe(true);
    const started = Date.now();
    await expect(finishesWithin(sleep(1_000), 30)).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('does not wait for a deadline already passed, and passes a failure on', async () => {
    await expect(finishesWithin(new Promise(() => undefined), -5)).resolves.toBe(false);
    await expect(finishesWithin(Promise.reject(new Error('broken')), 100)).rejects.toThrow(
      'broken',
    );
  });
});

describe('stopOnAbort', () => {
  it('answers the work when no abort comes, and leaves nothing listening on the signal', async () => {
    const controller = new AbortController();
    let stopped = 0;
    await expect(
      stopOnAbort(Promise.resolve('done'), controller.signal, () => stopped++),
    ).resolves.toBe('done');
    controller.abort();
    expect(stopped).toBe(0);
  });

  it('stops the work and rejects with the reason at the abort, without waiting for the work', async () => {
    const controller = new AbortController();
    let stopped = 0;
    const never = new Promise<string>(() => undefined);
    const call = stopOnAbort(never, controller.signal, () => stopped++);
    controller.abort(new Error('cancelled'));
    await expect(call).rejects.toThrow('cancelled');
    expect(stopped).toBe(1);
  });

  it('stops at once for a signal already aborted, with the reason given', async () => {
    let stopped = 0;
    const call = stopOnAbort(
      sleep(50).then(() => 'late'),
      AbortSignal.abort(),
      () => stopped++,
      () => new Error('deadline: raise the timeout'),
    );
    await expect(call).rejects.toThrow('deadline: raise the timeout');
    expect(stopped).toBe(1);
  });

  it('passes the work’s own failure through, and observes one that fails after the abort', async () => {
    await expect(
      stopOnAbort(
        Promise.reject(new Error('exited')),
        new AbortController().signal,
        () => undefined,
      ),
    ).rejects.toThrow('exited');
    const controller = new AbortController();
    const late = sleep(20).then(() => {
      throw new Error('late failure');
    });
    const call = stopOnAbort(late, controller.signal, () => undefined);
    controller.abort(new Error('cancelled'));
    await expect(call).rejects.toThrow('cancelled');
    await sleep(40); // an unobserved rejection would fail the test run here
  });
});

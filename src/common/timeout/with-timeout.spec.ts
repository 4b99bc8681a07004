import { describe, expect, it } from '@jest/globals';
import { runInNewContext } from 'node:vm';
import { finishesWithin, isDeadline, withTimeout } from './with-timeout.js';

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

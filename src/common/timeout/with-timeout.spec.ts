import { withTimeout } from './with-timeout.js';

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

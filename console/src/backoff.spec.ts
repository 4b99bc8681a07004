import { describe, expect, it } from '@jest/globals';
import { Backoff } from './backoff';

describe('Backoff', () => {
  it('doubles from 1 s up to 30 s, then stays there', () => {
    const backoff = new Backoff({ random: () => 0.5 }); // 0.5: no jitter
    const waits = Array.from({ length: 8 }, () => backoff.next());
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoff.attempts).toBe(8);
  });

  it('spreads each wait by at most the jitter either way', () => {
    expect(new Backoff({ random: () => 0 }).next()).toBe(800);
    expect(new Backoff({ random: () => 0.999_999 }).next()).toBe(1200);
    const late = new Backoff({ random: () => 0 });
    for (let i = 0; i < 10; i++) late.next();
    expect(late.next()).toBe(24_000);
  });

  it('varies between calls with the real random source, within bounds', () => {
    const backoff = new Backoff();
    for (let i = 0; i < 20; i++) {
      const wait = backoff.next();
      const base = Math.min(30_000, 1000 * 2 ** i);
      expect(wait).toBeGreaterThanOrEqual(base * 0.8);
      expect(wait).toBeLessThanOrEqual(base * 1.2);
    }
  });

  it('starts again from the first wait after a reset', () => {
    const backoff = new Backoff({ random: () => 0.5, initialMs: 500, maxMs: 4000 });
    expect([backoff.next(), backoff.next(), backoff.next(), backoff.next()]).toEqual([
      500, 1000, 2000, 4000,
    ]);
    backoff.reset();
    expect(backoff.attempts).toBe(0);
    expect(backoff.next()).toBe(500);
  });
});

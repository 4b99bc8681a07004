import { beforeEach, describe, expect, it } from '@jest/globals';
import { ConnectionRateLimiter } from './connection-rate-limiter.js';

describe('ConnectionRateLimiter', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('allows `limit` attempts per key within a window, then says when to retry', () => {
    const limiter = new ConnectionRateLimiter(3, 60_000, clock);
    for (let i = 0; i < 3; i++) {
      expect(limiter.attempt('a').allowed).toBe(true);
      now += 10_000;
    }
    expect(limiter.attempt('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.attempt('b').allowed).toBe(true);
  });

  it('slides: each attempt leaves the window a minute after it was made', () => {
    const limiter = new ConnectionRateLimiter(2, 60_000, clock);
    limiter.attempt('a');
    now += 30_000;
    limiter.attempt('a');
    now += 29_000;
    expect(limiter.attempt('a').allowed).toBe(false);
    now += 1_001;
    expect(limiter.attempt('a').allowed).toBe(true);
    expect(limiter.attempt('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('does not count refused attempts', () => {
    const limiter = new ConnectionRateLimiter(1, 60_000, clock);
    limiter.attempt('a');
    for (let i = 0; i < 5; i++) {
      now += 10_000;
      expect(limiter.attempt('a').allowed).toBe(false);
    }
    now += 10_001;
    expect(limiter.attempt('a').allowed).toBe(true);
  });

  it('forgets keys with nothing in the window', () => {
    const limiter = new ConnectionRateLimiter(1, 60_000, clock);
    for (let i = 0; i < 1000; i++) limiter.attempt(`client-${i}`);
    now += 120_000;
    limiter.attempt('late');
    const size = (limiter as unknown as { attempts: Map<string, number[]> }).attempts.size;
    expect(size).toBe(1);
  });
});

import { describe, expect, it } from '@jest/globals';
import { MessageRateLimit } from './message-rate-limit.js';

describe('MessageRateLimit', () => {
  it('takes a burst at once, then refills at the rate', () => {
    let now = 0;
    const limit = new MessageRateLimit(20, 50, () => now);
    for (let i = 0; i < 50; i++) expect(limit.take()).toBe(true);
    expect(limit.take()).toBe(false);
    now += 100; // 2 tokens
    expect(limit.take()).toBe(true);
    expect(limit.take()).toBe(true);
    expect(limit.take()).toBe(false);
  });

  it('never holds more than the burst', () => {
    let now = 0;
    const limit = new MessageRateLimit(20, 5, () => now);
    now += 60_000;
    let taken = 0;
    while (limit.take()) taken++;
    expect(taken).toBe(5);
  });

  it('lets a steady 20 messages a second through indefinitely', () => {
    let now = 0;
    const limit = new MessageRateLimit(20, 50, () => now);
    for (let i = 0; i < 1000; i++) {
      now += 50;
      expect(limit.take()).toBe(true);
    }
  });
});

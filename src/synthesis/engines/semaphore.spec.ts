import { describe, expect, it } from '@jest/globals';
import { Semaphore } from './semaphore.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('never runs more than its limit at once, and serves waiters in order', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const jobs = [0, 1, 2, 3, 4].map((i) =>
      slots.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      }),
    );
    while (order.length < 5) {
      await tick();
      releases.shift()?.();
    }
    releases.forEach((release) => release());
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(slots.running).toBe(0);
  });

  it('lets a waiter leave the queue when its signal aborts', async () => {
    const slots = new Semaphore(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    expect(slots.waiting).toBe(1);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(slots.waiting).toBe(0);
    release();
    release(); // a second call changes nothing
    expect(slots.running).toBe(0);
    const again = await slots.acquire();
    expect(slots.running).toBe(1);
    again();
  });

  it('refuses a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

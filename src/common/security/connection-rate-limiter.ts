/** The answer to one attempt: allowed, or refused with the seconds until one more would be. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * At most `limit` attempts per key within any `windowMs` (a sliding window): new WebSocket
 * connections per client address. Refused attempts are not counted, so a client retrying too
 * early does not push its own wait further. Memory: at most `limit` timestamps per key that
 * attempted within the last window; older keys are dropped as time passes.
 */
export class ConnectionRateLimiter {
  private readonly attempts = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  attempt(key: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    const since = now - this.windowMs;
    const recent = (this.attempts.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= this.limit) {
      this.attempts.set(key, recent);
      const retryAfterMs = recent[0] + this.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    recent.push(now);
    this.attempts.set(key, recent);
    return { allowed: true };
  }

  /** Keys with nothing in the current window, dropped once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, times] of this.attempts) {
      if (times[times.length - 1] <= since) this.attempts.delete(key);
    }
  }
}

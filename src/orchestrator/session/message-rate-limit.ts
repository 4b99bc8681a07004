/**
 * A token bucket for a session's text messages: `burst` at once, refilled at `perSecond`. People
 * tapping buttons and typing send a few messages a second; a client sending hundreds is broken or
 * hostile, and each message costs the server an answer. Audio frames are not counted: they are
 * bounded by backpressure instead.
 */
export class MessageRateLimit {
  private tokens: number;
  private last: number;

  constructor(
    readonly perSecond = 20,
    readonly burst = 50,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; false when the client is over the limit. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

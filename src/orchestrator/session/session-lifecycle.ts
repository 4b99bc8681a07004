import { Logger } from '@nestjs/common';
import pLimit, { type LimitFunction } from 'p-limit';
import { describeFailure } from '../../common/errors/describe-failure.js';
import { finishesWithin } from '../../common/timeout/with-timeout.js';
import type { SentenceRecord, SentenceStatus } from '../conversation/conversation.types.js';
import type { SessionMetrics } from './session-metrics.js';
import type { SessionLimits } from './session-settings.js';

export type SessionState = 'active' | 'ending' | 'closed';

export interface DrainLimit {
  readonly ms: number;
  /** The setting that sets `ms`, named in the message when the limit is reached. */
  readonly setting: string;
}

/** What the lifecycle tells its session. */
export interface LifecycleEvents {
  /** SESSION_IDLE_TIMEOUT_MS passed without audio or messages. */
  idle(): void;
  /** SESSION_MAX_DURATION_MS reached. */
  maxDuration(): void;
  /** A stage threw (a bug): the sentence gets a Session error. */
  sentenceFailed(record: SentenceRecord, error: unknown): void;
  /** A sentence's first pipeline is over, successful or not. */
  sentenceFinished(status: Exclude<SentenceStatus, 'pending'>): void;
  /** The work waiting changed: the session may pause or resume the client's input. */
  loadChanged(): void;
}

const logger = new Logger('Session');

/** `5 minutes`, `1 minute`, `45 seconds`: a limit as the session's notices name it. */
export const duration = (ms: number) => {
  const [value, unit] =
    ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
};

/**
 * A session's time and work: its state, the idle and maximum-duration timers, the sentences'
 * pipelines within SESSION_PIPELINE_CONCURRENCY (each sentence's later work queued after its
 * earlier, so its results stay in pipeline order), the drain at the end, and the abort signal
 * in-flight work checks once the session is gone.
 */
export class SessionLifecycle {
  state: SessionState = 'active';
  private readonly limit: LimitFunction;
  private readonly abort = new AbortController();
  /** Per sentence, the work still to come on it. */
  private chains = new Map<string, Promise<void>>();
  private readonly idleTimer: NodeJS.Timeout;
  private readonly durationTimer: NodeJS.Timeout;

  constructor(
    limits: SessionLimits,
    private readonly metrics: SessionMetrics,
    private readonly events: LifecycleEvents,
  ) {
    this.limit = pLimit(limits.pipelineConcurrency);
    this.idleTimer = setTimeout(() => events.idle(), limits.idleTimeoutMs);
    this.durationTimer = setTimeout(() => events.maxDuration(), limits.maxDurationMs);
  }

  /** Aborted once the session is gone, or its drain timed out: remaining work is skipped. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** New sentences waiting for a free pipeline. */
  get queued(): number {
    return this.limit.pendingCount;
  }

  /** The client did something: the idle timer starts again. */
  touch(): void {
    this.idleTimer.refresh();
  }

  clearTimers(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.durationTimer);
  }

  /** Runs a new sentence's pipeline within the session's concurrency. */
  start(record: SentenceRecord, work: () => Promise<void>): void {
    const run = this.limit(async () => {
      if (this.abort.signal.aborted) return;
      this.metrics.pipelineStarted();
      try {
        await work();
      } finally {
        this.metrics.pipelineEnded();
        this.events.loadChanged();
      }
      if (!this.abort.signal.aborted && record.status !== 'pending') {
        this.events.sentenceFinished(record.status);
      }
    });
    this.chains.set(record.id, this.guard(record, run));
    this.events.loadChanged();
  }

  /** Queues more work on a sentence after what it already has. */
  after(record: SentenceRecord, work: () => Promise<void>): void {
    const previous = this.chains.get(record.id) ?? Promise.resolve();
    this.chains.set(record.id, this.guard(record, previous.then(work)));
  }

  /**
   * Waits for `input`, then every pipeline, work queued meanwhile included, up to `limit`.
   * Returns whether everything finished in time; if not, the session abandons the rest.
   */
  async drain(input: () => Promise<void>, limit: DrainLimit): Promise<boolean> {
    const work = (async () => {
      await input();
      // Work queued meanwhile (the last sentence, a correction) is waited for too.
      let pending = this.pendingWork();
      for (;;) {
        await Promise.all(pending);
        const next = this.pendingWork();
        if (next.length === pending.length && next.every((p, i) => p === pending[i])) break;
        pending = next;
      }
    })();
    return finishesWithin(work, limit.ms);
  }

  /** The work still in flight is given up: it finds the signal aborted. */
  abandon(): void {
    this.abort.abort();
  }

  /** The session is closed: timers stopped, work waiting dropped, work in flight aborted. */
  close(): void {
    this.state = 'closed';
    this.clearTimers();
    this.abort.abort();
    this.limit.clearQueue();
    this.chains = new Map();
  }

  /** A bug in a stage must not take the session down: it becomes the sentence's Session error. */
  private guard(record: SentenceRecord, work: Promise<void>): Promise<void> {
    return work.catch((error: unknown) => {
      logger.error({ msg: 'sentence pipeline failed', failure: describeFailure(error) });
      this.events.sentenceFailed(record, error);
      record.status = 'errored';
    });
  }

  private pendingWork(): Promise<void>[] {
    return [...this.chains.values()];
  }
}

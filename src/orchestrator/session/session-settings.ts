/** The limits a session runs under (from AppConfig). */
export interface SessionLimits {
  readonly idleTimeoutMs: number;
  readonly maxDurationMs: number;
  readonly pipelineConcurrency: number;
  readonly maxQueuedSentences: number;
  readonly drainTimeoutMs: number;
  /** Whether a sentence's work begins at its speaker's pause (SESSION_WORK_AT_PAUSE). */
  readonly workAtPause: boolean;
  /** Whether a sentence may end at a pause where its words read as a finished turn (END_OF_TURN). */
  readonly semanticEndOfTurn: boolean;
}

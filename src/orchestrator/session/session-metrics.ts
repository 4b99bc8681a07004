import type {
  FlagRecord,
  SentenceRecord,
  SessionMetricsSnapshot,
} from '../conversation/conversation.types.js';

/** The per-session figures of interface §2.16, kept while the session runs. */
export class SessionMetrics {
  warnings = 0;
  errors = 0;
  private active = 0;
  private peak = 0;

  pipelineStarted(): void {
    this.active++;
    this.peak = Math.max(this.peak, this.active);
  }

  pipelineEnded(): void {
    this.active--;
  }

  snapshot(
    sentences: readonly SentenceRecord[],
    flags: readonly FlagRecord[],
  ): SessionMetricsSnapshot {
    const count = (status: SentenceRecord['status']) =>
      sentences.filter((sentence) => sentence.status === status).length;
    const flagged = new Set(flags.map((flag) => flag.sentenceId).filter((id) => id !== null));
    return {
      sentences_processed: count('processed'),
      sentences_empty: count('empty'),
      sentences_errored: count('errored'),
      sentences_flagged: flagged.size,
      peak_concurrent_pipelines: this.peak,
      warnings: this.warnings,
      errors: this.errors,
    };
  }
}

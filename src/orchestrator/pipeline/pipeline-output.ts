import type { SentenceRecord, SessionErrorService } from '../conversation/conversation.types.js';
import type { PipelineResult } from '../conversation/session-events.js';
import type { ConversationParties } from './conversation-parties.js';
import { type PipelineMetrics, recordStageEvent } from './pipeline-metrics.js';
import type { StageEvent } from './stage-events.js';

/** Where a pipeline's results go: the session that owns the sentence. */
export interface PipelineOutput {
  readonly parties: ConversationParties;
  /** Aborted when the session is gone: remaining work is skipped. */
  readonly signal: AbortSignal;
  /** A result of the sentence, sent on in the order it is emitted. */
  emit(result: PipelineResult): void;
  /** Reports a failed stage as `error` on the sentence (it counts the sentence as errored). */
  fail(record: SentenceRecord, service: SessionErrorService, error: unknown): void;
  /** Reports a stage whose failure does not spoil the sentence (back-translation): a warning. */
  warn(record: SentenceRecord, service: SessionErrorService, error: unknown): void;
  /** Where the stages' metrics go; the service's by default (held for work at a pause). */
  readonly metrics?: PipelineMetrics;
}

/** How a sentence's speech is made. */
export interface BranchOptions {
  readonly speed: number;
}

/** What a stage works into: the session's output, and the observer of its events. */
export interface StageOutput extends Omit<PipelineOutput, 'metrics'> {
  observe(event: StageEvent): void;
}

/** The stages' output for `out`: their events observed as metrics, `out`'s or else `metrics`. */
export function stageOutput(out: PipelineOutput, metrics: PipelineMetrics): StageOutput {
  const observed = out.metrics ?? metrics;
  return {
    parties: out.parties,
    signal: out.signal,
    emit: (result) => out.emit(result),
    fail: (record, service, error) => out.fail(record, service, error),
    warn: (record, service, error) => out.warn(record, service, error),
    observe: (event) => recordStageEvent(observed, event),
  };
}

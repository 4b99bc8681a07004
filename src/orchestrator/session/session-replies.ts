import type { SentenceRecord, SessionErrorService } from '../conversation/conversation.types.js';
import type { SessionEvent } from '../conversation/session-events.js';
import { failureMessage } from '../protocol/failure-message.js';
import { toServerMessage } from '../protocol/server-message-mapper.js';
import type { SessionMetrics } from './session-metrics.js';
import type { SessionTransport } from './session-transport.js';

/**
 * What a session says to its client: each result as its server message (through the mapper),
 * and failures as `error`, recorded on their sentence and counted among the session's errors or
 * warnings. Nothing is sent once the session is closed.
 */
export class SessionReplies {
  constructor(
    private readonly transport: SessionTransport,
    private readonly metrics: SessionMetrics,
    private readonly isClosed: () => boolean,
  ) {}

  /** Sends a result; a failure counts among the session's errors unless it is a warning. */
  send(event: SessionEvent, warning = false): void {
    if (this.isClosed()) return;
    if (event.kind === 'failure' && !warning) this.metrics.errors++;
    this.transport.send(toServerMessage(event));
  }

  /** A stage failed on a sentence: the sentence is errored. */
  fail(record: SentenceRecord, service: SessionErrorService, error: unknown): void {
    const message = failureMessage(
      error,
      typeof error === 'string' ? error : `The ${service} stage failed on this sentence.`,
    );
    record.errors.push({ service, message });
    if (record.status === 'pending') record.status = 'errored';
    this.send({ kind: 'failure', service, message, sentenceId: record.id });
  }

  /** A stage whose failure does not spoil the sentence (back-translation): a warning. */
  warn(record: SentenceRecord, service: SessionErrorService, error: unknown): void {
    this.metrics.warnings++;
    const message = failureMessage(error, `The ${service} stage failed on this sentence.`);
    record.errors.push({ service, message });
    this.send({ kind: 'failure', service, message, sentenceId: record.id }, true);
  }

  sessionError(message: string): void {
    this.send({ kind: 'failure', service: 'Session', message });
  }

  sentenceNotFound(sentenceId: string): void {
    this.send({
      kind: 'failure',
      service: 'Session',
      message: 'Sentence not found',
      sentenceId: sentenceId.slice(0, 16),
    });
  }
}

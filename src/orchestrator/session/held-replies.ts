import type { PipelineMetrics } from '../pipeline/pipeline-metrics.js';
import type { ServerMessage } from '../protocol/server-messages.js';
import { HeldPipelineMetrics } from './held-pipeline-metrics.js';
import { SessionMetrics } from './session-metrics.js';
import { SessionReplies } from './session-replies.js';
import type { SessionTransport } from './session-transport.js';

/**
 * A session's replies held back: the messages of a sentence worked on before it is known to have
 * ended (the work at the pause, issue 34). Each message is mapped when its result is produced,
 * exactly as it would have been sent then; `release` sends them in order and counts their errors
 * and warnings among the session's, and later ones go straight through; after `drop` nothing is
 * sent or counted. The pipeline's service metrics are held alike (`metrics`).
 */
export class HeldReplies {
  readonly replies: SessionReplies;
  readonly metrics: HeldPipelineMetrics;
  /** What this sentence's replies counted, moved to the session's once released. */
  private readonly counted = new SessionMetrics();
  private state: 'holding' | 'released' | 'dropped' = 'holding';
  private held: ServerMessage[] = [];

  constructor(
    private readonly transport: SessionTransport,
    private readonly sessionMetrics: SessionMetrics,
    private readonly isClosed: () => boolean,
    pipelineMetrics: PipelineMetrics,
  ) {
    this.metrics = new HeldPipelineMetrics(pipelineMetrics);
    const holding: SessionTransport = {
      send: (message) => this.send(message),
      close: (code, reason) => transport.close(code, reason),
      pauseInput: () => transport.pauseInput(),
      resumeInput: () => transport.resumeInput(),
    };
    this.replies = new SessionReplies(holding, this.counted, isClosed);
  }

  /**
   * Sends what was held, each message through `amend`, and reports the metrics against the
   * sentence's detection (`detectedAt`); later ones go straight through.
   */
  release(amend: (message: ServerMessage) => ServerMessage, detectedAt: string): void {
    if (this.state !== 'holding') return;
    this.state = 'released';
    this.metrics.release(detectedAt);
    this.moveCounts();
    const held = this.held;
    this.held = [];
    // Nothing is sent once the session is closed, as SessionReplies does.
    if (this.isClosed()) return;
    for (const message of held) this.transport.send(amend(message));
  }

  /** The work was given up: nothing it produced is sent or counted. */
  drop(): void {
    this.state = 'dropped';
    this.held = [];
    this.metrics.drop();
  }

  private send(message: ServerMessage): boolean {
    if (this.state === 'holding') this.held.push(message);
    if (this.state !== 'released') return true;
    this.moveCounts();
    return this.transport.send(message);
  }

  private moveCounts(): void {
    this.sessionMetrics.errors += this.counted.errors;
    this.sessionMetrics.warnings += this.counted.warnings;
    this.counted.errors = 0;
    this.counted.warnings = 0;
  }
}

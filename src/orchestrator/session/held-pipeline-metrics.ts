import type { Branch } from '../../metrics/orchestrator-metrics.service.js';
import type { PipelineMetrics } from '../pipeline/pipeline-metrics.js';

/**
 * A speculative sentence's metrics (the work at the pause, issue 34), held with its messages:
 * replayed to the service's metrics when the sentence ends in that pause, forgotten when the work
 * is dropped, so that the counters and latencies count only sentences that happened. A branch
 * completed before its sentence was detected (its end) took 0 s from detection; one completed
 * later, the time since.
 */
export class HeldPipelineMetrics implements PipelineMetrics {
  private held: ((detectedAtMs: number) => void)[] = [];
  private state: 'holding' | 'released' | 'dropped' = 'holding';
  private detectedAtMs = 0;

  constructor(private readonly target: PipelineMetrics) {}

  /** Replays what was held, against the sentence's detection time; later calls go through. */
  release(detectedAt: string): void {
    if (this.state !== 'holding') return;
    this.state = 'released';
    this.detectedAtMs = Date.parse(detectedAt);
    for (const replay of this.held) replay(this.detectedAtMs);
    this.held = [];
  }

  drop(): void {
    this.state = 'dropped';
    this.held = [];
  }

  branchCompleted(branch: Branch, _secondsSinceDraft: number): void {
    const doneAt = Date.now();
    this.call((detected) =>
      this.target.branchCompleted(branch, Math.max(0, (doneAt - detected) / 1000)),
    );
  }

  branchFailed(branch: Branch): void {
    this.call(() => this.target.branchFailed(branch));
  }

  branchCSkipped(reason: string): void {
    this.call(() => this.target.branchCSkipped(reason));
  }

  backTranslated(succeeded: boolean): void {
    this.call(() => this.target.backTranslated(succeeded));
  }

  speechSynthesized(milliseconds: number, bytes: number): void {
    this.call(() => this.target.speechSynthesized(milliseconds, bytes));
  }

  speechFailed(error: unknown): void {
    this.call(() => this.target.speechFailed(error));
  }

  reformulated(seconds: number): void {
    this.call(() => this.target.reformulated(seconds));
  }

  reformulationFailed(error: unknown): void {
    this.call(() => this.target.reformulationFailed(error));
  }

  private call(report: (detectedAtMs: number) => void): void {
    if (this.state === 'holding') this.held.push(report);
    else if (this.state === 'released') report(this.detectedAtMs);
  }
}

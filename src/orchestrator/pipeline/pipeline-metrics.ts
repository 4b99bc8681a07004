import type { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import type { StageEvent } from './stage-events.js';

/** What a sentence's pipeline reports to the service's metrics (decisions §6). */
export type PipelineMetrics = Pick<
  OrchestratorMetrics,
  | 'branchCompleted'
  | 'branchFailed'
  | 'branchCSkipped'
  | 'backTranslated'
  | 'speechSynthesized'
  | 'speechFailed'
  | 'reformulated'
  | 'reformulationFailed'
>;

/** The one place where the stages' events become metrics. */
export function recordStageEvent(metrics: PipelineMetrics, event: StageEvent): void {
  switch (event.kind) {
    case 'branchCompleted':
      return metrics.branchCompleted(event.branch, secondsSince(event.detectedAt));
    case 'branchFailed':
      return metrics.branchFailed(event.branch);
    case 'branchCSkipped':
      return metrics.branchCSkipped(event.reason);
    case 'backTranslated':
      return metrics.backTranslated(event.succeeded);
    case 'speechSynthesized':
      return metrics.speechSynthesized(event.milliseconds, event.bytes);
    case 'speechFailed':
      return metrics.speechFailed(event.error);
    case 'reformulated':
      return metrics.reformulated(event.seconds);
    case 'reformulationFailed':
      return metrics.reformulationFailed(event.error);
  }
}

/** Seconds since the sentence was detected (end of speech, or text received). */
const secondsSince = (detectedAt: string) =>
  Math.max(0, (Date.now() - Date.parse(detectedAt)) / 1000);

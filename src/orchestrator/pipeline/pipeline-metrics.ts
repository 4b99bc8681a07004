import type { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';

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

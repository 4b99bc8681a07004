import type { Branch } from '../../metrics/orchestrator-metrics.service.js';

/**
 * What the stages of a sentence report as they work, for whoever observes them (the metrics,
 * pipeline-metrics.ts). A stage says what happened; how it is counted is decided in one place.
 */
export type StageEvent =
  /** A branch's last result was sent; `detectedAt` is its sentence's (end of speech). */
  | { readonly kind: 'branchCompleted'; readonly branch: Branch; readonly detectedAt: string }
  | { readonly kind: 'branchFailed'; readonly branch: Branch }
  | { readonly kind: 'branchCSkipped'; readonly reason: string }
  | { readonly kind: 'backTranslated'; readonly succeeded: boolean }
  | { readonly kind: 'speechSynthesized'; readonly milliseconds: number; readonly bytes: number }
  | { readonly kind: 'speechFailed'; readonly error: unknown }
  | { readonly kind: 'reformulated'; readonly seconds: number }
  | { readonly kind: 'reformulationFailed'; readonly error: unknown };

/** Where a stage reports its events. */
export type StageObserver = (event: StageEvent) => void;

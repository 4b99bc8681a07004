import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import { type PipelineOutput, stageOutput } from './pipeline-output.js';
import { type PipelineMetrics, recordStageEvent } from './pipeline-metrics.js';
import { PIPELINE_STAGES } from './pipeline-stages.js';
import { SentencePipeline } from './sentence-pipeline.js';
import type { StageEvent } from './stage-events.js';

/** What Nest injects into a class: its constructor's parameter types. */
const injected = (type: object): unknown[] =>
  (Reflect.getMetadata('design:paramtypes', type) as unknown[] | undefined) ?? [];

/** A PipelineMetrics that records its calls, by method name. */
function recordingMetrics() {
  const calls: [string, ...unknown[]][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const metrics: PipelineMetrics = {
    branchCompleted: record('branchCompleted'),
    branchFailed: record('branchFailed'),
    branchCSkipped: record('branchCSkipped'),
    backTranslated: record('backTranslated'),
    speechSynthesized: record('speechSynthesized'),
    speechFailed: record('speechFailed'),
    reformulated: record('reformulated'),
    reformulationFailed: record('reformulationFailed'),
  };
  return { metrics, calls };
}

describe('the sentence pipeline as stages', () => {
  it('gives each stage at most four services', () => {
    for (const stage of PIPELINE_STAGES) {
      expect([stage.name, injected(stage).length <= 4]).toEqual([stage.name, true]);
      expect(injected(stage).length).toBeGreaterThan(0);
    }
  });

  it('leaves the sequencer the stages and the metrics, and no engine service', () => {
    const allowed = new Set<unknown>([...PIPELINE_STAGES, OrchestratorMetrics]);
    const taken = injected(SentencePipeline);
    expect(taken).toHaveLength(PIPELINE_STAGES.length + 1);
    expect(taken.filter((type) => !allowed.has(type))).toEqual([]);
  });
});

describe('recordStageEvent: the stages events as metrics', () => {
  it('sends each event to its metric', () => {
    const { metrics, calls } = recordingMetrics();
    const error = new Error('down');
    const events: StageEvent[] = [
      { kind: 'branchFailed', branch: 'A' },
      { kind: 'branchCSkipped', reason: 'same_language' },
      { kind: 'backTranslated', succeeded: false },
      { kind: 'speechSynthesized', milliseconds: 42, bytes: 3200 },
      { kind: 'speechFailed', error },
      { kind: 'reformulated', seconds: 0.25 },
      { kind: 'reformulationFailed', error },
    ];
    for (const event of events) recordStageEvent(metrics, event);
    expect(calls).toEqual([
      ['branchFailed', 'A'],
      ['branchCSkipped', 'same_language'],
      ['backTranslated', false],
      ['speechSynthesized', 42, 3200],
      ['speechFailed', error],
      ['reformulated', 0.25],
      ['reformulationFailed', error],
    ]);
  });

  it("times a completed branch from its sentence's detection, never below 0", () => {
    const { metrics, calls } = recordingMetrics();
    const twoSecondsAgo = new Date(Date.now() - 2000).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    recordStageEvent(metrics, { kind: 'branchCompleted', branch: 'B', detectedAt: twoSecondsAgo });
    recordStageEvent(metrics, { kind: 'branchCompleted', branch: 'C', detectedAt: later });
    const [[, branchB, secondsB], [, branchC, secondsC]] = calls;
    expect([branchB, branchC, secondsC]).toEqual(['B', 'C', 0]);
    expect(secondsB).toBeGreaterThanOrEqual(2);
    expect(secondsB).toBeLessThan(10);
  });
});

describe('stageOutput', () => {
  const output = (metrics?: PipelineMetrics): PipelineOutput => ({
    parties: {} as PipelineOutput['parties'],
    signal: new AbortController().signal,
    emit: () => undefined,
    fail: () => undefined,
    warn: () => undefined,
    metrics,
  });
  const event: StageEvent = { kind: 'branchFailed', branch: 'C' };

  it("observes the stages' events as the service's metrics by default", () => {
    const service = recordingMetrics();
    stageOutput(output(), service.metrics).observe(event);
    expect(service.calls).toEqual([['branchFailed', 'C']]);
  });

  it("observes them as the output's own metrics when it has some (work held at a pause)", () => {
    const service = recordingMetrics();
    const held = recordingMetrics();
    stageOutput(output(held.metrics), service.metrics).observe(event);
    expect([held.calls, service.calls]).toEqual([[['branchFailed', 'C']], []]);
  });
});

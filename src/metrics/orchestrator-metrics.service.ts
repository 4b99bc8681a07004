import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Counter, Histogram } from 'prom-client';
import { failureType } from './failure-type.js';
import { LABEL_VALUES, METRIC } from './orchestrator-metrics.js';

export type Branch = 'A' | 'B' | 'C';
export type SentenceOutcome = (typeof LABEL_VALUES.outcome)[number];
export type HealthService = (typeof LABEL_VALUES.service)[number];

/** What a session reports when it ends (interface §2.16 and the lifecycle metrics). */
export interface EndedSession {
  readonly sentencesProcessed: number;
  readonly sentencesEmpty: number;
  readonly sentencesErrored: number;
  readonly sentencesFlagged: number;
  readonly peakConcurrentPipelines: number;
  readonly warnings: number;
  readonly errors: number;
  readonly durationSeconds: number;
  readonly audioBytes: number;
}

/**
 * Where the orchestrator's events become metrics (decisions §6): callers say what happened, this
 * class knows the metric, its type and its labels. Every known label value is exported at 0
 * from the start, so a dashboard sees the series before the first event.
 */
@Injectable()
export class OrchestratorMetrics implements OnModuleInit {
  @InjectMetric(METRIC.sessionSentencesProcessed) private readonly sessionProcessed!: Histogram;
  @InjectMetric(METRIC.sessionSentencesEmpty) private readonly sessionEmpty!: Histogram;
  @InjectMetric(METRIC.sessionSentencesErrored) private readonly sessionErrored!: Histogram;
  @InjectMetric(METRIC.sessionSentencesFlagged) private readonly sessionFlagged!: Histogram;
  @InjectMetric(METRIC.sessionPeakConcurrentPipelines) private readonly sessionPeak!: Histogram;
  @InjectMetric(METRIC.sessionWarnings) private readonly sessionWarnings!: Histogram;
  @InjectMetric(METRIC.sessionErrors) private readonly sessionErrors!: Histogram;
  @InjectMetric(METRIC.sentences) private readonly sentences!: Counter<'outcome'>;
  @InjectMetric(METRIC.pipelineLatency) private readonly pipelineLatency!: Histogram<'branch'>;
  @InjectMetric(METRIC.ttsLatency) private readonly ttsLatency!: Histogram;
  @InjectMetric(METRIC.ttsOutputBytes) private readonly ttsOutputBytes!: Histogram;
  @InjectMetric(METRIC.ttsErrors) private readonly ttsErrors!: Counter<'type'>;
  @InjectMetric(METRIC.reformulationLatency) private readonly reformulationLatency!: Histogram;
  @InjectMetric(METRIC.reformulationErrors) private readonly reformulationErrors!: Counter<'type'>;
  @InjectMetric(METRIC.backTranslation) private readonly backTranslations!: Counter<'result'>;
  @InjectMetric(METRIC.branchCompleted) private readonly branchesCompleted!: Counter<'branch'>;
  @InjectMetric(METRIC.branchErrors) private readonly branchErrors!: Counter<'branch'>;
  @InjectMetric(METRIC.branchCSkipped) private readonly branchCSkips!: Counter<'reason'>;
  @InjectMetric(METRIC.wsConnections) private readonly connections!: Counter;
  @InjectMetric(METRIC.wsDisconnections) private readonly disconnections!: Counter;
  @InjectMetric(METRIC.sessionDuration) private readonly sessionDuration!: Histogram;
  @InjectMetric(METRIC.sessionAudioBytes) private readonly sessionAudioBytes!: Histogram;
  @InjectMetric(METRIC.handshakeRejections) private readonly rejections!: Counter<'reason'>;
  @InjectMetric(METRIC.wsClose) private readonly closes!: Counter<'kind'>;
  @InjectMetric(METRIC.healthCheckFailures) private readonly healthFailures!: Counter<'service'>;

  onModuleInit(): void {
    const zero = <L extends string>(counter: Counter<L>, label: L, values: readonly string[]) => {
      for (const value of values) counter.inc({ [label]: value } as Record<L, string>, 0);
    };
    zero(this.sentences, 'outcome', LABEL_VALUES.outcome);
    zero(this.branchesCompleted, 'branch', LABEL_VALUES.branch);
    zero(this.branchErrors, 'branch', LABEL_VALUES.branch);
    zero(this.branchCSkips, 'reason', LABEL_VALUES.reason);
    zero(this.backTranslations, 'result', LABEL_VALUES.result);
    zero(this.rejections, 'reason', LABEL_VALUES.handshakeReason);
    zero(this.closes, 'kind', LABEL_VALUES.kind);
    zero(this.healthFailures, 'service', LABEL_VALUES.service);
    zero(this.ttsErrors, 'type', LABEL_VALUES.failure);
    zero(this.reformulationErrors, 'type', LABEL_VALUES.failure);
    this.connections.inc(0);
    this.disconnections.inc(0);
  }

  connectionOpened(): void {
    this.connections.inc();
  }

  /** 1000 and 1001 (server going away after its drain) are normal; any other code is not. */
  connectionClosed(code: number): void {
    this.disconnections.inc();
    this.closes.inc({ kind: code === 1000 || code === 1001 ? 'normal' : 'abnormal' });
  }

  handshakeRejected(reason: string): void {
    this.rejections.inc({ reason });
  }

  sessionEnded(session: EndedSession): void {
    this.sessionProcessed.observe(session.sentencesProcessed);
    this.sessionEmpty.observe(session.sentencesEmpty);
    this.sessionErrored.observe(session.sentencesErrored);
    this.sessionFlagged.observe(session.sentencesFlagged);
    this.sessionPeak.observe(session.peakConcurrentPipelines);
    this.sessionWarnings.observe(session.warnings);
    this.sessionErrors.observe(session.errors);
    this.sessionDuration.observe(session.durationSeconds);
    this.sessionAudioBytes.observe(session.audioBytes);
  }

  sentenceFinished(outcome: SentenceOutcome): void {
    this.sentences.inc({ outcome });
  }

  /** A branch done, `seconds` after its sentence was detected. */
  branchCompleted(branch: Branch, seconds: number): void {
    this.branchesCompleted.inc({ branch });
    this.pipelineLatency.observe({ branch }, seconds);
  }

  branchFailed(branch: Branch): void {
    this.branchErrors.inc({ branch });
  }

  branchCSkipped(reason: string): void {
    this.branchCSkips.inc({ reason });
  }

  backTranslated(succeeded: boolean): void {
    this.backTranslations.inc({ result: succeeded ? 'success' : 'error' });
  }

  speechSynthesized(milliseconds: number, bytes: number): void {
    this.ttsLatency.observe(milliseconds);
    this.ttsOutputBytes.observe(bytes);
  }

  speechFailed(error: unknown): void {
    this.ttsErrors.inc({ type: failureType(error) });
  }

  reformulated(seconds: number): void {
    this.reformulationLatency.observe(seconds);
  }

  reformulationFailed(error: unknown): void {
    this.reformulationErrors.inc({ type: failureType(error) });
  }

  healthCheckFailed(service: HealthService): void {
    this.healthFailures.inc({ service });
  }
}

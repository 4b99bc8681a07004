import { Injectable } from '@nestjs/common';
import { LiveAudioIntakeFactory } from '../../audio/stream/live-audio-intake.js';
import { AppConfig } from '../../config/app-config.js';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import { ArchiveBuilder } from '../archive/archive-builder.js';
import { SentencePipeline } from '../pipeline/sentence-pipeline.js';
import { ClientMessageParser } from '../protocol/client-message-parser.js';
import { Session } from './session.js';
import type { SessionSettings } from '../protocol/session-settings.js';
import type { SessionLimits } from './session-settings.js';
import { SessionRegistry } from './session-registry.js';
import type { SessionTransport } from './session-transport.js';

/** Opens sessions from resolved handshakes: each with its own audio intake, all registered. */
@Injectable()
export class SessionFactory {
  private readonly limits: SessionLimits;

  constructor(
    config: AppConfig,
    private readonly registry: SessionRegistry,
    private readonly parser: ClientMessageParser,
    private readonly pipeline: SentencePipeline,
    private readonly archive: ArchiveBuilder,
    private readonly intakes: LiveAudioIntakeFactory,
    private readonly metrics: OrchestratorMetrics,
  ) {
    this.limits = {
      idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS,
      maxDurationMs: config.SESSION_MAX_DURATION_MS,
      pipelineConcurrency: config.SESSION_PIPELINE_CONCURRENCY,
      maxQueuedSentences: config.SESSION_MAX_QUEUED_SENTENCES,
      drainTimeoutMs: config.SESSION_DRAIN_TIMEOUT_MS,
      workAtPause: config.SESSION_WORK_AT_PAUSE === 'on' || config.END_OF_TURN === 'semantic',
      semanticEndOfTurn: config.END_OF_TURN === 'semantic',
    };
  }

  /** A live session on `transport`. Throws when an engine it needs (the VAD) is not ready. */
  open(settings: SessionSettings, transport: SessionTransport): Session {
    const session = new Session(
      settings,
      this.limits,
      {
        pipeline: this.pipeline,
        parser: this.parser,
        archive: this.archive,
        intake: this.intakes.create(settings.sampleRate),
        metrics: this.metrics,
      },
      transport,
    );
    this.registry.add(session);
    return session;
  }
}

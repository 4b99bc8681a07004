import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PcmS16leDecoder } from '../../audio/stream/pcm-s16le-decoder.js';
import { StreamResampler } from '../../audio/stream/stream-resampler.js';
import { SentenceSegmenterFactory } from '../../audio/vad/vad.module.js';
import { TARGET_SAMPLE_RATE } from '../../audio/resampler.js';
import { AppConfig } from '../../config/app-config.js';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import { ArchiveBuilder } from '../archive/archive-builder.js';
import { SessionLanguagesService } from '../languages/session-languages.service.js';
import { SentencePipeline } from '../pipeline/sentence-pipeline.js';
import { ClientMessageParser } from '../protocol/client-message-parser.js';
import type { HandshakeDto } from '../protocol/dto/handshake.dto.js';
import type { HandshakeRejectionReason, ServerMessage } from '../protocol/server-messages.js';
import { Session } from './session.js';
import { SessionConnection, type SessionOpener } from './session-connection.js';
import type { SessionLimits } from './session-settings.js';
import { SessionRegistry } from './session-registry.js';
import { CloseCode, type SessionTransport } from './session-transport.js';

export type RejectionCounter = HandshakeRejectionReason | 'send_failed' | 'capacity';

/**
 * Accepts connections and opens sessions: the handshake's checks (languages normalized and
 * usable), the live-session limit, and each session's own VAD stream and resampler.
 */
@Injectable()
export class SessionManager implements SessionOpener, OnModuleDestroy {
  private readonly logger = new Logger(SessionManager.name);
  /** Handshake rejections by reason since start (decisions §5.1). */
  readonly rejections = new Map<RejectionCounter, number>();
  private readonly limits: SessionLimits;
  private shuttingDown = false;

  constructor(
    private readonly config: AppConfig,
    private readonly registry: SessionRegistry,
    private readonly parser: ClientMessageParser,
    private readonly languages: SessionLanguagesService,
    private readonly pipeline: SentencePipeline,
    private readonly archive: ArchiveBuilder,
    private readonly segmenters: SentenceSegmenterFactory,
    private readonly metrics: OrchestratorMetrics,
  ) {
    this.limits = {
      idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS,
      maxDurationMs: config.SESSION_MAX_DURATION_MS,
      pipelineConcurrency: config.SESSION_PIPELINE_CONCURRENCY,
      maxQueuedSentences: config.SESSION_MAX_QUEUED_SENTENCES,
      drainTimeoutMs: config.SESSION_DRAIN_TIMEOUT_MS,
    };
  }

  /** True from SIGTERM on: the live sessions are being drained, no new one is taken. */
  get draining(): boolean {
    return this.shuttingDown;
  }

  get handshakeTimeoutMs(): number {
    return this.config.HANDSHAKE_TIMEOUT_MS;
  }

  /** A new connection; undefined when the server is full (the client is told, then 1013). */
  connect(transport: SessionTransport): SessionConnection | undefined {
    if (this.shuttingDown) {
      transport.send({
        type: 'error',
        service: 'Session',
        message: 'The server is shutting down; connect again in a moment.',
      });
      transport.close(CloseCode.GoingAway, 'server shutting down');
      return undefined;
    }
    if (this.registry.occupancy >= this.config.SESSION_MAX_LIVE) {
      this.rejected('capacity');
      transport.send({
        type: 'error',
        service: 'Session',
        message: `The server is at its limit of ${this.config.SESSION_MAX_LIVE} live sessions (SESSION_MAX_LIVE); try again in a moment.`,
      });
      transport.close(CloseCode.TryAgainLater, 'too many live sessions');
      return undefined;
    }
    return new SessionConnection(this, transport, this.registry.reserve());
  }

  parseHandshake(frame: string) {
    return this.parser.parseHandshake(frame);
  }

  rejected(reason: RejectionCounter): void {
    this.rejections.set(reason, (this.rejections.get(reason) ?? 0) + 1);
    // A full server is not a handshake problem: it shows as an abnormal close (1013).
    if (reason !== 'capacity') this.metrics.handshakeRejected(reason);
  }

  /** Every WebSocket connection to /ws, accepted or not, and how it closed. */
  connectionOpened(): void {
    this.metrics.connectionOpened();
  }

  connectionClosed(code: number): void {
    this.metrics.connectionClosed(code);
  }

  async open(
    handshake: HandshakeDto,
    transport: SessionTransport,
  ): Promise<
    | { ok: true; session: Session; success: ServerMessage }
    | { ok: false; reason: HandshakeRejectionReason; message: string }
  > {
    const [medic, patient] = await Promise.all([
      this.languages.resolve(handshake.language_medic),
      this.languages.resolve(handshake.language_patient),
    ]);
    const problems = [
      medic.ok ? undefined : `language_medic: ${medic.reason}`,
      patient.ok ? undefined : `language_patient: ${patient.reason}`,
    ].filter(Boolean);
    if (!medic.ok || !patient.ok) {
      return { ok: false, reason: 'unsupported_language', message: problems.join(' ') };
    }
    const sampleRate = handshake.sample_rate ?? TARGET_SAMPLE_RATE;
    const session = new Session(
      {
        id: randomUUID(),
        parties: {
          medic: medic.value,
          patient: patient.value,
          patientGender: handshake.patient_gender,
          patientAgeCategory: handshake.patient_age_category,
          medicVoice: handshake.medic_gender ?? 'female',
          patientVoice: handshake.patient_gender ?? 'female',
        },
        speed: handshake.speed ?? 1,
        enableDualDirection: handshake.enable_dual_direction ?? false,
        sampleRate,
      },
      this.limits,
      {
        pipeline: this.pipeline,
        parser: this.parser,
        archive: this.archive,
        segmenter: this.segmenters.create(),
        decoder: new PcmS16leDecoder(),
        resampler: sampleRate === TARGET_SAMPLE_RATE ? undefined : new StreamResampler(sampleRate),
        metrics: this.metrics,
      },
      transport,
    );
    this.registry.add(session);
    const { settings } = session;
    return {
      ok: true,
      session,
      success: {
        type: 'HandshakeSuccess',
        session_id: settings.id,
        medic_lang: medic.value.locale,
        patient_lang: patient.value.locale,
        speed: settings.speed,
        enable_dual_direction: settings.enableDualDirection,
        sample_rate: sampleRate,
        audio_format: 'pcm_s16le',
        warnings: this.warnings(medic.value.locale, patient.value.locale),
      },
    };
  }

  /** What the active recognizer cannot hear, said at the start rather than sentence by sentence. */
  private warnings(medic: string, patient: string): string[] {
    const heard = this.pipeline.recognizedLocales;
    if (heard.length === 0) return [];
    const language = (locale: string) => locale.split('-')[0];
    const unheard = [...new Set([medic, patient])].filter(
      (locale) => !heard.some((h) => language(h) === language(locale)),
    );
    if (unheard.length === 0) return [];
    return [
      `Speech recognition understands ${heard.join(', ')} only: speech in ${unheard.join(' and ')} will not be recognized. Type it with text_input instead, or configure a multilingual recognizer (ASR_ENGINE=openai).`,
    ];
  }

  /**
   * The application is stopping (SIGTERM): new connections are turned away, and each live session
   * is told, drained (up to SHUTDOWN_GRACE_MS), given its archive and closed with 1001.
   * Runs before the engines' modules are destroyed (Nest destroys the modules nearest the root
   * first, and this one imports them), so the sentences in flight can still finish.
   */
  async onModuleDestroy(): Promise<void> {
    this.shuttingDown = true;
    const sessions = this.registry.all();
    if (sessions.length === 0) return;
    this.logger.log(`Ending ${sessions.length} live session(s) before shutting down`);
    await Promise.all(
      sessions.map((session) =>
        session.end(
          true,
          'The server is shutting down: the sentences in progress are finished and the archive is delivered, then the session closes.',
          CloseCode.GoingAway,
          { ms: this.config.SHUTDOWN_GRACE_MS, setting: 'SHUTDOWN_GRACE_MS' },
        ),
      ),
    );
  }
}

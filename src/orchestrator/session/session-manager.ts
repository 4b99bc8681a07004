import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PcmS16leDecoder } from '../../audio/stream/pcm-s16le-decoder.js';
import { StreamResampler } from '../../audio/stream/stream-resampler.js';
import { SentenceSegmenterFactory } from '../../audio/vad/vad.module.js';
import { TARGET_SAMPLE_RATE } from '../../audio/resampler.js';
import { AppConfig } from '../../config/app-config.js';
import { DEFAULT_SPEED } from '../../language/speech-settings.js';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import { ArchiveBuilder } from '../archive/archive-builder.js';
import { SessionLanguagesService } from '../languages/session-languages.service.js';
import { SentencePipeline } from '../pipeline/sentence-pipeline.js';
import { ClientMessageParser } from '../protocol/client-message-parser.js';
import type { HandshakeDto } from '../protocol/dto/handshake.dto.js';
import type { HandshakeRejectionReason, ServerMessage } from '../protocol/server-messages.js';
import { Session } from './session.js';
import { SessionConnection, type SessionOpener, turnAway } from './session-connection.js';
import type { SessionLimits } from './session-settings.js';
import { SessionRegistry } from './session-registry.js';
import { CloseCode, type SessionTransport } from './session-transport.js';

/**
 * Accepts connections and opens sessions: the handshake's checks (languages normalized and
 * usable), the live-session limit, and each session's own VAD stream and resampler.
 */
@Injectable()
export class SessionManager implements SessionOpener, OnModuleDestroy {
  private readonly logger = new Logger(SessionManager.name);
  /** Every open connection, in its handshake or with a session: what a shutdown must end. */
  private readonly connections = new Set<SessionConnection>();
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
      turnAway(transport);
      return undefined;
    }
    // A full server is not a handshake problem: it shows as an abnormal close (1013).
    if (this.registry.occupancy >= this.config.SESSION_MAX_LIVE) {
      transport.send({
        type: 'error',
        service: 'Session',
        message: `The server is at its limit of ${this.config.SESSION_MAX_LIVE} live sessions (SESSION_MAX_LIVE); try again in a moment.`,
      });
      transport.close(CloseCode.TryAgainLater, 'too many live sessions');
      return undefined;
    }
    const connection = new SessionConnection(this, transport, this.registry.reserve());
    this.connections.add(connection);
    void connection.closed.then(() => this.connections.delete(connection));
    return connection;
  }

  parseHandshake(frame: string) {
    return this.parser.parseHandshake(frame);
  }

  rejected(reason: HandshakeRejectionReason | 'send_failed'): void {
    this.metrics.handshakeRejected(reason);
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
    const voices = await this.pipeline.partyVoices(medic.value, patient.value, {
      medic: handshake.medic_gender ?? 'female',
      patient: handshake.patient_gender ?? 'female',
    });
    const session = new Session(
      {
        id: randomUUID(),
        parties: {
          medic: medic.value,
          patient: patient.value,
          patientGender: handshake.patient_gender,
          medicGender: handshake.medic_gender,
          patientAgeCategory: handshake.patient_age_category,
          ...voices,
        },
        speed: handshake.speed ?? DEFAULT_SPEED,
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
   * is told, drained, given its archive and closed with 1001, all within SHUTDOWN_GRACE_MS.
   * A handshake still being checked (at start-up, the TTS engine's voice check) is let finish
   * first, so that its session ends the same way. A connection without a session gets 1001.
   * Runs before the engines' modules are destroyed (Nest destroys the modules nearest the root
   * first, and this one imports them), so the voice check and the sentences in flight can finish.
   */
  async onModuleDestroy(): Promise<void> {
    this.shuttingDown = true;
    const connections = [...this.connections];
    if (connections.length === 0) return;
    this.logger.log(`Ending ${connections.length} connection(s) before shutting down`);
    const deadline = Date.now() + this.config.SHUTDOWN_GRACE_MS;
    const end = (session: Session) =>
      session.end(
        true,
        'The server is shutting down: the sentences in progress are finished and the archive is delivered, then the session closes.',
        CloseCode.GoingAway,
        { ms: Math.max(0, deadline - Date.now()), setting: 'SHUTDOWN_GRACE_MS' },
      );
    await Promise.all(connections.map((connection) => connection.shutDown(end, deadline)));
  }
}

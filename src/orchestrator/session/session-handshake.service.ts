import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TARGET_SAMPLE_RATE } from '../../audio/resampler.js';
import { AppConfig } from '../../config/app-config.js';
import { DEFAULT_SPEED } from '../../language/speech-settings.js';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import { TranscriptionService } from '../../transcription/transcription.service.js';
import { SessionLanguagesService } from '../languages/session-languages.service.js';
import { ClientMessageParser } from '../protocol/client-message-parser.js';
import type { HandshakeDto } from '../protocol/dto/handshake.dto.js';
import { handshakeSuccess } from '../protocol/server-message-mapper.js';
import type { HandshakeRejectionReason, ServerMessage } from '../protocol/server-messages.js';
import type { SessionSettings } from '../protocol/session-settings.js';

export type ParsedHandshake =
  | { readonly ok: true; readonly handshake: HandshakeDto }
  | { readonly ok: false; readonly reason: HandshakeRejectionReason; readonly message: string };

/** A handshake's values made into a session's settings and the reply to send, or why not. */
export type ResolvedHandshake =
  | { readonly ok: true; readonly settings: SessionSettings; readonly reply: ServerMessage }
  | { readonly ok: false; readonly reason: HandshakeRejectionReason; readonly message: string };

/**
 * The handshake's checks (decisions §5.1): the frame parsed and validated, then the languages
 * normalized and usable with the active engines and the voices chosen, into the settings a session
 * is opened with. It opens nothing itself: the connection does, with the result.
 */
@Injectable()
export class SessionHandshakeService {
  constructor(
    private readonly config: AppConfig,
    private readonly parser: ClientMessageParser,
    private readonly languages: SessionLanguagesService,
    private readonly transcription: TranscriptionService,
    private readonly metrics: OrchestratorMetrics,
  ) {}

  /** How long a client has to send its handshake. */
  get timeoutMs(): number {
    return this.config.HANDSHAKE_TIMEOUT_MS;
  }

  parse(frame: string): ParsedHandshake {
    return this.parser.parseHandshake(frame);
  }

  async resolve(handshake: HandshakeDto): Promise<ResolvedHandshake> {
    const parties = await this.languages.resolveParties({
      medic: handshake.language_medic,
      patient: handshake.language_patient,
      medicGender: handshake.medic_gender ?? 'female',
      patientGender: handshake.patient_gender ?? 'female',
    });
    if (!parties.ok) {
      return { ok: false, reason: 'unsupported_language', message: parties.reason };
    }
    const { medic, patient, medicVoice, patientVoice } = parties.value;
    // The first sentence comes seconds later: the engine's pipelines start meanwhile.
    this.languages.prepareTranslation(parties.value);
    const settings: SessionSettings = {
      id: randomUUID(),
      parties: {
        medic,
        patient,
        patientGender: handshake.patient_gender,
        medicGender: handshake.medic_gender,
        patientAgeCategory: handshake.patient_age_category,
        medicVoice,
        patientVoice,
      },
      speed: handshake.speed ?? DEFAULT_SPEED,
      enableDualDirection: handshake.enable_dual_direction ?? false,
      sampleRate: handshake.sample_rate ?? TARGET_SAMPLE_RATE,
    };
    return {
      ok: true,
      settings,
      reply: handshakeSuccess(
        settings,
        [
          ...this.warnings(medic.locale, patient.locale),
          ...this.languages.fixedPhraseWarnings(patient),
        ],
        this.languages.patientAnswers(patient),
      ),
    };
  }

  /** Counts a handshake that did not lead to a session. */
  rejected(reason: HandshakeRejectionReason | 'send_failed'): void {
    this.metrics.handshakeRejected(reason);
  }

  /** What the active recognizer cannot hear, said at the start rather than sentence by sentence. */
  private warnings(medic: string, patient: string): string[] {
    const heard = this.transcription.locales;
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
}

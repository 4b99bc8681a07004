/**
 * The one place that turns what the session and its pipelines produce into the server messages of
 * the WebSocket protocol (decisions §5.1, §5.3–5.5), as archive/conversation-json.ts does for the
 * archive. Keys are written in the order clients have always received them.
 */
import type { OfferedAnswers } from '../conversation/conversation.types.js';
import type { SessionEvent } from '../conversation/session-events.js';
import type { SessionSettings } from './session-settings.js';
import type {
  AnswerButton,
  AnswerButtons,
  HandshakeRejectionMessage,
  HandshakeRejectionReason,
  HandshakeSuccessMessage,
  ServerMessage,
} from './server-messages.js';

export function toServerMessage(event: SessionEvent): ServerMessage {
  switch (event.kind) {
    case 'recognized': {
      const { sentence } = event;
      return {
        type: 'asr_result',
        sentence_id: sentence.id,
        text: sentence.text,
        language: sentence.language,
        role: sentence.role,
        start_ms: sentence.startMs ?? null,
        end_ms: sentence.endMs ?? null,
        source: sentence.source,
        confidence: sentence.confidence,
        low_confidence: sentence.lowConfidence,
      };
    }
    case 'partial':
      return { type: 'asr_partial', sentence_id: event.sentenceId, text: event.text };
    case 'empty':
      return { type: 'sentence_empty', sentence_id: event.sentence.id };
    case 'translated': {
      const { translation } = event;
      const back_translation = translation.backTranslation;
      const untranslated_words = translation.untranslatedWords
        ? [...translation.untranslatedWords]
        : undefined;
      return {
        type: 'translation_result',
        sentence_id: event.sentence.id,
        branch: 'A',
        source_language: translation.sourceLanguage,
        target_language: translation.targetLanguage,
        text: translation.text,
        ...(back_translation !== undefined
          ? { back_translation, fidelity: translation.fidelity }
          : {}),
        ...(untranslated_words ? { untranslated_words } : {}),
        origin: translation.origin,
        ...(translation.phraseId !== undefined
          ? { phrase_id: translation.phraseId, understood_as: translation.understoodAs ?? '' }
          : {}),
        ...(translation.reviewedBy !== undefined ? { reviewed_by: translation.reviewedBy } : {}),
        ...(translation.answers ? { answers: answerButtons(translation.answers) } : {}),
        ...(translation.chosen ? { chosen: true } : {}),
        revision: translation.revision,
      };
    }
    case 'withheld': {
      const { withheld } = event;
      return {
        type: 'sentence_not_translated',
        sentence_id: event.sentence.id,
        reason: withheld.reason,
        language: withheld.language,
        ...(withheld.suggestions
          ? {
              suggestions: withheld.suggestions.map((s) => ({
                phrase_id: s.phraseId,
                text: s.text,
              })),
            }
          : {}),
        revision: withheld.revision,
      };
    }
    case 'reformulated': {
      const { reformulation } = event;
      return {
        type: 'reformulation_result',
        sentence_id: event.sentence.id,
        branch: 'B',
        language: reformulation.language,
        text: reformulation.text,
        revision: reformulation.revision,
      };
    }
    case 'spoken': {
      const { speech } = event;
      const { wav } = speech;
      return {
        type: 'tts_audio',
        sentence_id: event.sentence.id,
        branch: speech.branch,
        revision: speech.revision,
        language: speech.language,
        speed: speech.speed,
        sample_rate: speech.sampleRate,
        format: 'wav',
        audio_base64: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength).toString('base64'),
      };
    }
    case 'alternate': {
      const { alternate } = event;
      return {
        type: 'branch_c_result',
        sentence_id: event.sentence.id,
        assumed_role: alternate.assumedRole,
        source_language: alternate.sourceLanguage,
        target_language: alternate.targetLanguage,
        text: alternate.text,
      };
    }
    case 'alternateSkipped':
      return { type: 'branch_c_skipped', sentence_id: event.sentence.id, reason: event.reason };
    case 'speedUpdated':
      return { type: 'speed_updated', speed: event.speed };
    case 'flagged':
      return {
        type: 'flag_ack',
        flag_id: event.flag.id,
        flag_type: event.flag.type,
        sentence_id: event.flag.sentenceId,
      };
    case 'corrected': {
      const { sentenceId, role, previousRole } = event.correction;
      return { type: 'correction_ack', sentence_id: sentenceId, role, previous_role: previousRole };
    }
    case 'alternateTriggered':
      return { type: 'branch_c_triggered', sentence_id: event.sentenceId };
    case 'exitAcknowledged':
      return {
        type: 'exit_acknowledged',
        archive: event.archive,
        pending_sentences: event.pendingSentences,
        reason: event.reason,
      };
    case 'archive': {
      const { bytes } = event;
      return {
        type: 'conversation_archive',
        filename: event.filename,
        size_bytes: bytes.byteLength,
        content_base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
          'base64',
        ),
      };
    }
    case 'failure': {
      const { service, message, sentenceId } = event;
      return sentenceId === undefined
        ? { type: 'error', service, message }
        : { type: 'error', service, message, sentence_id: sentenceId };
    }
  }
}

/** The answer to an accepted handshake. */
export function handshakeSuccess(
  settings: SessionSettings,
  warnings: string[],
  patientAnswers?: readonly AnswerButton[],
): HandshakeSuccessMessage {
  return {
    type: 'HandshakeSuccess',
    session_id: settings.id,
    medic_lang: settings.parties.medic.locale,
    patient_lang: settings.parties.patient.locale,
    speed: settings.speed,
    enable_dual_direction: settings.enableDualDirection,
    sample_rate: settings.sampleRate,
    audio_format: 'pcm_s16le',
    warnings,
    ...(patientAnswers ? { patient_answers: patientAnswers.map((a) => ({ ...a })) } : {}),
  };
}

function answerButtons(answers: OfferedAnswers): AnswerButtons {
  return {
    kind: answers.kind as AnswerButtons['kind'],
    options: answers.options.map((o) => ({ id: o.id, text: o.text })),
    ...(answers.labels ? { labels: { ...answers.labels } } : {}),
  };
}

/** The answer to a rejected handshake, before the close (1008). */
export function handshakeRejection(
  reason: HandshakeRejectionReason,
  message: string,
): HandshakeRejectionMessage {
  return { type: 'error', service: 'Handshake', reason, message };
}

import type {
  AsrPartialMessage,
  AsrResultMessage,
  BranchCResultMessage,
  BranchCSkippedMessage,
  BranchCTriggeredMessage,
  ConversationArchiveMessage,
  CorrectionAckMessage,
  ErrorMessage,
  ExitAcknowledgedMessage,
  FlagAckMessage,
  HandshakeRejectionMessage,
  HandshakeSuccessMessage,
  ReformulationResultMessage,
  SentenceEmptyMessage,
  SpeedUpdatedMessage,
  TranslationResultMessage,
  TtsAudioMessage,
} from '../server-messages.js';
import type { MessageDoc } from './message-doc.js';

/**
 * The server's messages as the AsyncAPI document describes them, keyed by the name of their
 * interface in ../server-messages.ts (the names in server-message-schemas.json). Examples are
 * the captures of docs/protocol.md; Base64 contents are cut short.
 */
export interface ServerMessageDocs {
  HandshakeSuccessMessage: MessageDoc<HandshakeSuccessMessage>;
  HandshakeRejectionMessage: MessageDoc<HandshakeRejectionMessage>;
  ErrorMessage: MessageDoc<ErrorMessage>;
  AsrPartialMessage: MessageDoc<AsrPartialMessage>;
  AsrResultMessage: MessageDoc<AsrResultMessage>;
  SentenceEmptyMessage: MessageDoc<SentenceEmptyMessage>;
  TranslationResultMessage: MessageDoc<TranslationResultMessage>;
  ReformulationResultMessage: MessageDoc<ReformulationResultMessage>;
  TtsAudioMessage: MessageDoc<TtsAudioMessage>;
  BranchCResultMessage: MessageDoc<BranchCResultMessage>;
  BranchCSkippedMessage: MessageDoc<BranchCSkippedMessage>;
  BranchCTriggeredMessage: MessageDoc<BranchCTriggeredMessage>;
  SpeedUpdatedMessage: MessageDoc<SpeedUpdatedMessage>;
  FlagAckMessage: MessageDoc<FlagAckMessage>;
  CorrectionAckMessage: MessageDoc<CorrectionAckMessage>;
  ExitAcknowledgedMessage: MessageDoc<ExitAcknowledgedMessage>;
  ConversationArchiveMessage: MessageDoc<ConversationArchiveMessage>;
}

export type ServerMessageName = keyof ServerMessageDocs;

const SENTENCE_ID = 'The sentence: `s1`, `s2`, … in the order sentences were detected.';
const REVISION = 'The revision: 1, then one more per effective `correct_speaker`.';

export const SERVER_MESSAGE_DOCS: ServerMessageDocs = {
  HandshakeSuccessMessage: {
    title: 'Handshake success',
    summary: 'The session is open: its id, the normalized languages and the audio format.',
    description:
      'The answer to an accepted handshake. Audio frames and messages may be sent at once, without waiting for it.',
    fields: {
      session_id: 'UUID of the session; the archive’s file name carries its first 8 characters.',
      medic_lang:
        'The medic’s language, normalized to the catalog’s BCP-47 locale (`es` → `es-ES`).',
      patient_lang: 'The patient’s language, normalized like `medic_lang`.',
      speed: 'The initial speed of the synthesized speech (1 when not sent).',
      enable_dual_direction: 'As sent; false by default.',
      sample_rate: 'The rate, in Hz, at which the server expects the binary audio frames.',
      audio_format: 'Always `pcm_s16le`: signed 16-bit little-endian, mono.',
      warnings:
        'Extension: what the session will not do with the active engines, in plain words (e.g. a language the recognizer does not understand); empty when nothing. Show it to the user.',
    },
    examples: [
      {
        name: 'spanish_medic_english_patient',
        summary: 'es/en with the embedded engines: Spanish speech will not be recognized',
        payload: {
          type: 'HandshakeSuccess',
          session_id: '1a89f9de-997a-45ca-929b-a8d1dda83aeb',
          medic_lang: 'es-ES',
          patient_lang: 'en-US',
          speed: 1,
          enable_dual_direction: false,
          sample_rate: 16000,
          audio_format: 'pcm_s16le',
          warnings: [
            'Speech recognition understands en-US only: speech in es-ES will not be recognized. Type it with text_input instead, or configure a multilingual recognizer (ASR_ENGINE=openai).',
          ],
        },
      },
    ],
  },
  HandshakeRejectionMessage: {
    title: 'Handshake rejection',
    summary: 'The handshake was refused; the server closes with 1008.',
    description:
      'An `error` with `service: "Handshake"` and a `reason`, followed by close 1008 (reason `handshake rejected: <reason>`).',
    fields: {
      service: 'Always `Handshake`.',
      reason:
        '`invalid_json` (not a JSON object), `missing_fields` (a language absent or null), `invalid_fields` (extension: a wrong type, a value out of range, an unknown field), `unsupported_language`, or `timeout` (no text frame within HANDSHAKE_TIMEOUT_MS).',
      message: 'What to fix, for a human; it never quotes conversation text.',
    },
    examples: [
      {
        name: 'missing_language',
        summary: 'language_patient absent',
        payload: {
          type: 'error',
          service: 'Handshake',
          reason: 'missing_fields',
          message:
            'The handshake needs language_patient (e.g. {"type":"handshake","language_medic":"fr","language_patient":"en"}).',
        },
      },
      {
        name: 'unknown_field',
        summary: 'A typo in a field name',
        payload: {
          type: 'error',
          service: 'Handshake',
          reason: 'invalid_fields',
          message: 'unknown field "languge".',
        },
      },
    ],
  },
  ErrorMessage: {
    title: 'Error',
    summary: 'Something failed or was refused; the session goes on unless said otherwise.',
    description:
      'A protocol error (a malformed or unknown message, `Sentence not found`), a failed step of a sentence (with its `sentence_id`; the steps after it go on where they can), the notice of a session ending by itself, or a full server (then close 1013).',
    fields: {
      service:
        'What failed: `ASR`, `Translation`, `Back-translation` (a warning: the translation comes without fidelity), `Reformulation`, `TTS`, `Session` (protocol and session errors) or `Conversation Archive`.',
      message: 'A sentence for a human; never a stack trace, never conversation text.',
      sentence_id: 'Present when the error concerns one sentence.',
    },
    examples: [
      {
        name: 'unknown_message_type',
        summary: 'A message of an unknown type',
        payload: {
          type: 'error',
          service: 'Session',
          message:
            'Unknown message type; the types are: set_speed, flag, correct_speaker, trigger_branch_c, text_input, conversation_exit.',
        },
      },
      {
        name: 'sentence_not_found',
        summary: 'A message naming a sentence the session does not have',
        payload: {
          type: 'error',
          service: 'Session',
          message: 'Sentence not found',
          sentence_id: 's42',
        },
      },
    ],
  },
  AsrPartialMessage: {
    title: 'Live caption (partial recognition)',
    summary: 'The words recognized so far of a sentence still being spoken.',
    description:
      'Extension. Sent while a sentence is spoken, when the recognizer decodes as speech arrives (ASR_ENGINE=pocketsphinx; never with a recognizer of whole segments such as ASR_ENGINE=openai): at most about three a second per sentence, only when the text changed, the first once it has two words. Each carries the whole text so far (not a delta): show it in place of the previous one. The sentence’s `asr_result` replaces it, or `sentence_empty` when recognition ends with no text after all: then remove the caption. None comes after the sentence’s `asr_result` or `sentence_empty`. Carries no language nor role: those are decided on the final text. Clients that do not show live captions ignore it.',
    fields: {
      sentence_id:
        'The sentence being spoken; its `asr_result` or `sentence_empty` follows with the same id.',
      text: 'The words recognized so far (not final: words may still change).',
    },
    examples: [
      {
        name: 'caption',
        summary: 'The patient still speaking',
        payload: { type: 'asr_partial', sentence_id: 's1', text: 'the patient has a' },
      },
    ],
  },
  AsrResultMessage: {
    title: 'Recognized sentence',
    summary: 'A sentence’s text, language and speaker: the first message of every sentence.',
    description:
      'Sent once per sentence, spoken (cut by the voice activity detector after 640 ms of silence) or typed (`text_input`); its results follow, keyed by `sentence_id`.',
    fields: {
      sentence_id: SENTENCE_ID,
      text: 'The recognized (or typed, trimmed) text.',
      language: 'BCP-47 locale of the text, identified from the text among the session’s two.',
      role: 'Who spoke: `medic`, `patient` or `unknown` (both parties share the language).',
      start_ms:
        'Start of the speech, in ms of the audio received since the handshake (a position in the stream, not wall-clock time); null for typed text.',
      end_ms: 'End of the speech, like `start_ms`; null for typed text.',
      source: '`audio` or `text`.',
      confidence:
        'How sure the recognizer is of the text, 0 to 1 (pocketsphinx: the geometric mean of the words’ posterior probabilities); null for typed text and for recognizers that report none (ASR_ENGINE=openai).',
      low_confidence:
        'True when `confidence` is below the recognizer’s calibrated threshold: the text is more likely wrong than right. A client should ask the speaker to repeat before the translation is played (the translation still follows, for the record).',
    },
    examples: [
      {
        name: 'spoken',
        summary: 'The patient’s speech',
        payload: {
          type: 'asr_result',
          sentence_id: 's1',
          text: 'the patient has a fever and headache',
          language: 'en-US',
          role: 'patient',
          start_ms: 192,
          end_ms: 2528,
          source: 'audio',
          confidence: 0.91,
          low_confidence: false,
        },
      },
      {
        name: 'typed',
        summary: 'The medic’s typed question',
        payload: {
          type: 'asr_result',
          sentence_id: 's2',
          text: '¿Tiene usted disnea o dolor torácico?',
          language: 'es-ES',
          role: 'medic',
          start_ms: null,
          end_ms: null,
          source: 'text',
          confidence: null,
          low_confidence: false,
        },
      },
    ],
  },
  SentenceEmptyMessage: {
    title: 'Empty sentence',
    summary: 'Speech was detected but recognition produced no text; nothing more comes for it.',
    description: 'A cough, a hum, a word too short. The id is used.',
    fields: { sentence_id: SENTENCE_ID },
    examples: [
      {
        name: 'cough',
        summary: 'No words',
        payload: { type: 'sentence_empty', sentence_id: 's1' },
      },
    ],
  },
  TranslationResultMessage: {
    title: 'Translation (branch A)',
    summary: 'The literal translation into the listener’s language, with its fidelity.',
    description:
      'The reference a clinician relies on. Sent after the back-translation, which gives the fidelity; a `correct_speaker` sends a new revision.',
    fields: {
      sentence_id: SENTENCE_ID,
      branch: 'Always `A`.',
      source_language: 'The speaker’s locale, the direction of this revision.',
      target_language: 'The listener’s locale.',
      text: 'The literal translation.',
      back_translation:
        '`text` translated back into `source_language`; absent when both languages are the same or the back-translation failed.',
      fidelity:
        'How likely the literal translation is faithful to the original, 0 to 1 with three decimals (a probability calibrated on labelled clinic sentences, from the round trip and checks of clinical terms, numbers, negation and completeness); present with `back_translation`. Below the threshold the benchmark chose (docs/translation.md, "Fidelity score"), it deserves a look.',
      untranslated_words:
        'Words of the original the engine could not translate and left as they were (not names, numbers or drug names, which are kept on purpose); present only when there are some. The listener may miss their meaning: rephrase them.',
      revision: REVISION,
    },
    examples: [
      {
        name: 'medic_question',
        summary: 'Spanish → English, a clumsy literal translation',
        payload: {
          type: 'translation_result',
          sentence_id: 's2',
          branch: 'A',
          source_language: 'es-ES',
          target_language: 'en-US',
          text: 'Has you dyspnea or thoracic ache?',
          back_translation: 'Te tienes disnea o dolor torácico?',
          fidelity: 0.715,
          revision: 1,
        },
      },
    ],
  },
  ReformulationResultMessage: {
    title: 'Reformulation (branch B)',
    summary: 'Branch A in plain language for the listener: an aid that never replaces A.',
    description:
      'For the patient, tuned to `patient_gender` and `patient_age_category`. It may equal A’s text when there is nothing to simplify.',
    fields: {
      sentence_id: SENTENCE_ID,
      branch: 'Always `B`.',
      language: 'The listener’s locale.',
      text: 'The reformulated text.',
      revision: REVISION,
    },
    examples: [
      {
        name: 'plain_words',
        summary: 'Jargon replaced for a senior patient',
        payload: {
          type: 'reformulation_result',
          sentence_id: 's2',
          branch: 'B',
          language: 'en-US',
          text: 'Has you shortness of breath or chest ache?',
          revision: 1,
        },
      },
    ],
  },
  TtsAudioMessage: {
    title: 'Synthesized speech',
    summary: 'Speech of branch A or B in the listener’s language, as a Base64 WAV file.',
    description:
      'A complete RIFF WAV file (PCM 16-bit mono), about 60 kB of Base64 per second of speech at 22.05 kHz. Play A first; B is optional. When B’s text equals A’s, B carries the same audio.',
    fields: {
      sentence_id: SENTENCE_ID,
      branch: '`A` (the translation) or `B` (the reformulation).',
      revision: 'Extension: the revision it speaks.',
      language: 'The locale spoken.',
      speed: 'The speed it was synthesized at.',
      sample_rate:
        'Of the WAV, in Hz (embedded: 16000 for English and Italian, 22050 for the rest).',
      format: 'Always `wav`.',
      audio_base64: 'The WAV file, Base64-encoded.',
    },
    examples: [
      {
        name: 'branch_a',
        summary: 'The translation spoken (Base64 cut short)',
        payload: {
          type: 'tts_audio',
          sentence_id: 's2',
          branch: 'A',
          revision: 1,
          language: 'en-US',
          speed: 1,
          sample_rate: 16000,
          format: 'wav',
          audio_base64: 'UklGRtRpAQBX…',
        },
      },
    ],
  },
  BranchCResultMessage: {
    title: 'Branch C result',
    summary: 'The sentence translated as if the other party had said it (text only).',
    description:
      'After A and B of every sentence with `enable_dual_direction`, or on `trigger_branch_c`. No speech, no revision.',
    fields: {
      sentence_id: SENTENCE_ID,
      assumed_role: 'The other party’s role: `medic` or `patient`.',
      source_language: 'The assumed speaker’s locale.',
      target_language: 'The other party’s locale.',
      text: 'The translation.',
    },
    examples: [
      {
        name: 'as_if_patient',
        summary: 'A Spanish question taken as the patient’s English',
        payload: {
          type: 'branch_c_result',
          sentence_id: 's2',
          assumed_role: 'patient',
          source_language: 'en-US',
          target_language: 'es-ES',
          text: '¿Tiene usted disnea o dolor torácico?',
        },
      },
    ],
  },
  BranchCSkippedMessage: {
    title: 'Branch C skipped',
    summary: 'Branch C could not run for this sentence, and why.',
    description: 'In place of `branch_c_result`.',
    fields: {
      sentence_id: SENTENCE_ID,
      reason:
        '`unknown_speaker_role` (the sentence’s role is unknown) or `same_translation_direction` (both parties share a language).',
    },
    examples: [
      {
        name: 'unknown_role',
        summary: 'An en/en session',
        payload: { type: 'branch_c_skipped', sentence_id: 's1', reason: 'unknown_speaker_role' },
      },
    ],
  },
  BranchCTriggeredMessage: {
    title: 'Branch C triggered',
    summary: 'The immediate acknowledgement of `trigger_branch_c`.',
    description:
      '`branch_c_result` or `branch_c_skipped` follows, after the sentence’s current work.',
    fields: { sentence_id: SENTENCE_ID },
    examples: [
      {
        name: 'ack',
        summary: 'Branch C will run for s2',
        payload: { type: 'branch_c_triggered', sentence_id: 's2' },
      },
    ],
  },
  SpeedUpdatedMessage: {
    title: 'Speed updated',
    summary: 'The immediate acknowledgement of `set_speed`.',
    description: 'The new speed applies from the next sentence detected.',
    fields: { speed: 'The speed now in force, 0.25 to 4.' },
    examples: [
      {
        name: 'faster',
        summary: 'A quarter faster',
        payload: { type: 'speed_updated', speed: 1.25 },
      },
    ],
  },
  FlagAckMessage: {
    title: 'Flag recorded',
    summary: 'The immediate acknowledgement of `flag`.',
    description: 'The flag goes to the archive; it changes nothing in the session.',
    fields: {
      flag_id: '`f1`, `f2`, … in order.',
      flag_type: 'As sent: `mistranslation`, `wrong_speaker`, `bug` or `other`.',
      sentence_id: 'The flagged sentence; null for the whole conversation.',
    },
    examples: [
      {
        name: 'on_sentence',
        summary: 'A flag on s1',
        payload: {
          type: 'flag_ack',
          flag_id: 'f1',
          flag_type: 'mistranslation',
          sentence_id: 's1',
        },
      },
      {
        name: 'on_conversation',
        summary: 'A flag on the whole conversation',
        payload: { type: 'flag_ack', flag_id: 'f2', flag_type: 'other', sentence_id: null },
      },
    ],
  },
  CorrectionAckMessage: {
    title: 'Speaker corrected',
    summary: 'The immediate acknowledgement of `correct_speaker`, with the role the sentence had.',
    description:
      'When the role changed, branches A and B run again in the corrected direction as a new revision.',
    fields: {
      sentence_id: SENTENCE_ID,
      role: 'The role now: `medic` or `patient`.',
      previous_role: 'The role before: `medic`, `patient`, or `unknown` (not recognized yet).',
    },
    examples: [
      {
        name: 'medic_to_patient',
        summary: 'A short answer first taken as the medic’s',
        payload: {
          type: 'correction_ack',
          sentence_id: 's3',
          role: 'patient',
          previous_role: 'medic',
        },
      },
    ],
  },
  ExitAcknowledgedMessage: {
    title: 'Exit acknowledged',
    summary: 'The session is ending: what is still to come before the close.',
    description:
      'The answer to `conversation_exit`, and the first message of a session ending by itself. The results of sentences in flight follow, then `conversation_archive` if `archive`, then close 1000.',
    fields: {
      archive: 'Whether a `conversation_archive` message will follow.',
      pending_sentences: 'Extension: sentences still being processed, whose results follow.',
    },
    examples: [
      {
        name: 'nothing_pending',
        summary: 'The archive follows at once',
        payload: { type: 'exit_acknowledged', archive: true, pending_sentences: 0 },
      },
    ],
  },
  ConversationArchiveMessage: {
    title: 'Conversation archive',
    summary:
      'The whole conversation as a ZIP file, Base64-encoded: the last message before the close.',
    description:
      'conversation.json, transcript.txt and every WAV of the session, built in memory; nothing is kept by the server. One large message (about 2.6 MB per minute of busy conversation).',
    fields: {
      filename: 'A name to save it under: `conversation-<UTC time>-<session id prefix>.zip`.',
      size_bytes: 'Size of the ZIP file, in bytes.',
      content_base64: 'The ZIP file, Base64-encoded.',
    },
    examples: [
      {
        name: 'archive',
        summary: 'The archive of a short session (Base64 cut short)',
        payload: {
          type: 'conversation_archive',
          filename: 'conversation-20261122T044130Z-1a89f9de.zip',
          size_bytes: 613448,
          content_base64: 'UEsDBAoAAAAI…',
        },
      },
    ],
  },
};

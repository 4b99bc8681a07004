import type { ServerMessageDocs } from './server-message-docs.js';

/**
 * The session's opening (the handshake's answers) and its errors, as the AsyncAPI document
 * describes them.
 */
export const HANDSHAKE_MESSAGE_DOCS: Pick<
  ServerMessageDocs,
  'HandshakeSuccessMessage' | 'HandshakeRejectionMessage' | 'ErrorMessage'
> = {
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
        'Extension: what the session will not do with the active engines, in plain words (e.g. a language the recognizer does not understand, or a patient language translated by fixed phrases only); empty when nothing. Show it to the user.',
      patient_answers:
        'Extension (issue 32): what the patient can always answer by touch, in the patient’s language: "I do not understand", "Please repeat", "I need a human interpreter" (`id` and `text`; a tap sends `text` as `text_input` with role `patient`). Absent when the phrasebook has no answers in the language.',
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
};

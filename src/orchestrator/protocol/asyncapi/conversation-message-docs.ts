import { SENTENCE_ID } from './message-doc.js';
import type { ServerMessageDocs } from './server-message-docs.js';

/**
 * The answers to the client's conversation messages (speed, flag, correction, exit) and the
 * archive, as the AsyncAPI document describes them.
 */
export const CONVERSATION_MESSAGE_DOCS: Pick<
  ServerMessageDocs,
  | 'SpeedUpdatedMessage'
  | 'FlagAckMessage'
  | 'CorrectionAckMessage'
  | 'ExitAcknowledgedMessage'
  | 'ConversationArchiveMessage'
> = {
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
      reason:
        'Extension (issue 30): why the session ends. `client`: its `conversation_exit`. The service’s own decision, after an `error` (service `Session`) that says it in words: `idle_timeout` (SESSION_IDLE_TIMEOUT_MS without input), `max_duration` (SESSION_MAX_DURATION_MS) or `server_shutdown` (the service is stopping, for a restart or an update: a client may open a new session with the same settings once `GET /health/live` answers again).',
    },
    examples: [
      {
        name: 'nothing_pending',
        summary: 'The archive follows at once',
        payload: {
          type: 'exit_acknowledged',
          archive: true,
          pending_sentences: 0,
          reason: 'client',
        },
      },
      {
        name: 'server_shutdown',
        summary: 'The service is stopping; two sentences finish first',
        payload: {
          type: 'exit_acknowledged',
          archive: true,
          pending_sentences: 2,
          reason: 'server_shutdown',
        },
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

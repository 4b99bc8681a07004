import type { ClientMessage, HandshakeMessage } from '../client-messages.js';
import type { MessageDoc } from './message-doc.js';
import type { ServerMessageName } from './server-message-docs.js';

type ClientMessageType = ClientMessage['type'] | 'handshake';
type ClientMessageOf<T extends ClientMessageType> = T extends 'handshake'
  ? HandshakeMessage
  : Extract<ClientMessage, { type: T }>;

export interface ClientMessageDoc<M> extends MessageDoc<M> {
  /** What the server answers at once (every message may also get an `error`). */
  readonly replies: readonly ServerMessageName[];
}

/** Keyed by the `type` each message carries: the compiler wants every client message here. */
export type ClientMessageDocs = {
  readonly [T in ClientMessageType]: ClientMessageDoc<ClientMessageOf<T>>;
};

const SENTENCE_ID = 'A sentence of the session, by its id (`s1`); at most 16 characters.';
const ROLE = '`medic` or `patient`.';

/** The client's messages as the AsyncAPI document describes them; examples from docs/protocol.md. */
export const CLIENT_MESSAGE_DOCS: ClientMessageDocs = {
  handshake: {
    title: 'Handshake',
    summary: 'Opens the session: the parties’ languages and the audio format.',
    description:
      'The first text frame, within HANDSHAKE_TIMEOUT_MS (10 s) of connecting. Binary frames sent before it are ignored. A field not listed is refused (`invalid_fields`); an optional field sent as null counts as absent.',
    fields: {
      language_medic:
        'The medic’s language: BCP-47 (`fr-FR`), ISO 639-1 (`fr`), ISO 639-3 (`fra`) or FLORES-200 (`fra_Latn`), any case. GET /languages lists the usable ones.',
      language_patient: 'The patient’s language, in the same forms.',
      speed: 'Speed of the synthesized speech, 0.25 to 4; default 1.',
      enable_dual_direction:
        'Run branch C (the sentence as if the other party had said it) for every sentence; default false.',
      sample_rate:
        'Rate, in Hz, of the binary audio frames the client sends (PCM s16le mono); default 16000.',
      patient_gender:
        'Tunes the reformulation for the patient, and is the voice of the patient’s translated speech.',
      patient_age_category: 'Tunes the reformulation for the patient.',
      medic_gender: 'Extension: the voice of the medic’s translated speech; default female.',
    },
    examples: [
      {
        name: 'spanish_medic_english_patient',
        summary: 'Every field but the extension',
        payload: {
          type: 'handshake',
          language_medic: 'es',
          language_patient: 'en',
          speed: 1,
          enable_dual_direction: false,
          sample_rate: 16000,
          patient_gender: 'female',
          patient_age_category: 'senior',
        },
      },
      {
        name: 'minimal',
        summary: 'Only the required fields',
        payload: { language_medic: 'fr-FR', language_patient: 'en' },
      },
    ],
    replies: ['HandshakeSuccessMessage', 'HandshakeRejectionMessage'],
  },
  set_speed: {
    title: 'Set speed',
    summary: 'Changes the speed of the synthesized speech, without reconnecting.',
    description: 'Applies from the next sentence detected; sentences already detected keep theirs.',
    fields: { speed: '0.25 to 4.' },
    examples: [
      { name: 'faster', summary: 'A quarter faster', payload: { type: 'set_speed', speed: 1.25 } },
    ],
    replies: ['SpeedUpdatedMessage'],
  },
  flag: {
    title: 'Flag',
    summary: 'Marks a sentence, or the whole conversation, for review.',
    description: 'Flags go to the archive; they change nothing in the session.',
    fields: {
      flag_type: '`mistranslation`, `wrong_speaker`, `bug` or `other`.',
      note: 'Free text, at most 2000 characters.',
      sentence_id: `${SENTENCE_ID} Absent or null: the whole conversation.`,
    },
    examples: [
      {
        name: 'on_sentence',
        summary: 'A suspected mistranslation',
        payload: {
          type: 'flag',
          flag_type: 'mistranslation',
          sentence_id: 's1',
          note: 'check the word for headache',
        },
      },
      {
        name: 'on_conversation',
        summary: 'A note on the whole conversation',
        payload: { type: 'flag', flag_type: 'other', note: 'patient is hard of hearing' },
      },
    ],
    replies: ['FlagAckMessage'],
  },
  correct_speaker: {
    title: 'Correct speaker',
    summary: 'Overrides who said a sentence; it is translated again in the new direction.',
    description:
      'A changed role runs branches A and B again as a new revision; the same role changes nothing. Branch C is not re-run.',
    fields: { sentence_id: SENTENCE_ID, role: `Who said it: ${ROLE}` },
    examples: [
      {
        name: 'to_patient',
        summary: 'The patient said s3',
        payload: { type: 'correct_speaker', sentence_id: 's3', role: 'patient' },
      },
    ],
    replies: ['CorrectionAckMessage'],
  },
  trigger_branch_c: {
    title: 'Trigger branch C',
    summary: 'Translates one sentence as if the other party had said it.',
    description: 'Whatever `enable_dual_direction` says.',
    fields: { sentence_id: SENTENCE_ID },
    examples: [
      {
        name: 's2',
        summary: 'Branch C for s2',
        payload: { type: 'trigger_branch_c', sentence_id: 's2' },
      },
    ],
    replies: ['BranchCTriggeredMessage'],
  },
  choose_phrase: {
    title: 'Choose a phrase',
    summary:
      'The clinician chooses one of the phrases offered for a sentence with no fixed phrase.',
    description:
      'Extension (issue 32). After a `sentence_not_translated` with reason `no_fixed_phrase` and `suggestions`: the sentence is translated by the chosen phrase, as a new revision (`translation_result` with `chosen: true`, then its speech as usual). A phrase not among the sentence’s latest suggestions gets an `error` and changes nothing.',
    fields: {
      sentence_id: SENTENCE_ID,
      phrase_id: 'The `phrase_id` of one of the sentence’s latest `suggestions`.',
    },
    examples: [
      {
        name: 'chosen',
        summary: 'The clinician chooses the first suggestion',
        payload: { type: 'choose_phrase', sentence_id: 's4', phrase_id: 'pain.body-part-hurts' },
      },
    ],
    replies: ['TranslationResultMessage'],
  },
  text_input: {
    title: 'Text input',
    summary: 'A typed sentence, processed like a recognized one.',
    description:
      'For languages the recognizer does not understand (see the handshake’s `warnings`), or a keyboard. Typed and spoken sentences share one numbering.',
    fields: {
      text: '1 to 5000 characters, not only spaces (trimmed).',
      role: `Who typed it: ${ROLE} Absent: identified from the text, like speech.`,
    },
    examples: [
      {
        name: 'question',
        summary: 'The medic types a question',
        payload: { type: 'text_input', text: '¿Tiene usted disnea o dolor torácico?' },
      },
      {
        name: 'with_role',
        summary: 'The patient types, and says so',
        payload: { type: 'text_input', text: 'Yes.', role: 'patient' },
      },
    ],
    replies: ['AsrResultMessage'],
  },
  conversation_exit: {
    title: 'Conversation exit',
    summary: 'Ends the session gracefully.',
    description:
      'The server acknowledges, finishes the sentences in flight, sends the archive if asked, then closes with 1000.',
    fields: { archive: 'Deliver the conversation archive before the close; default true.' },
    examples: [
      {
        name: 'with_archive',
        summary: 'End and get the archive',
        payload: { type: 'conversation_exit', archive: true },
      },
    ],
    replies: ['ExitAcknowledgedMessage'],
  },
};

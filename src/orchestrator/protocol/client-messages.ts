/**
 * Messages a client sends on a session (decisions §5.1, §5.3; docs/protocol.md §2–3), as plain
 * types. The DTOs of ./dto/ implement them and hold the validation; the console and the CLI
 * client import these with `import type`, so keep this file free of runtime code and of imports
 * other than types (it is compiled into the browser console's type check).
 */
import type { AgeCategory, PatientGender } from '../../language/speech-settings.js';
import type { FlagType, KnownRole } from '../conversation/conversation.types.js';

export type { AgeCategory };

/** A listener's gender (`patient_gender`) or a voice's (`medic_gender`). */
export type Gender = PatientGender;

/** The `sample_rate` values the handshake accepts: the binary frames' rate. */
export type SessionSampleRate = 8000 | 16000 | 22050 | 24000 | 32000 | 44100 | 48000;

/** The first text frame of a session; `type` may be omitted. */
export interface HandshakeMessage {
  type?: 'handshake';
  /** BCP-47, ISO 639-1, ISO 639-3 or FLORES-200 code of the medic's language. */
  language_medic: string;
  /** Same forms as language_medic. */
  language_patient: string;
  /** 0.25 to 4; default 1. */
  speed?: number;
  enable_dual_direction?: boolean;
  /** Default 16000. */
  sample_rate?: SessionSampleRate;
  patient_gender?: Gender;
  patient_age_category?: AgeCategory;
  /** Extension: the voice of the medic's translated speech; default female. */
  medic_gender?: Gender;
}

/** The messages after HandshakeSuccess (docs/protocol.md §3). */
export type ClientMessage =
  | SetSpeedMessage
  | FlagMessage
  | CorrectSpeakerMessage
  | TriggerBranchCMessage
  | TextInputMessage
  | ChoosePhraseMessage
  | ConversationExitMessage;

/**
 * Extension (issue 32): the clinician chooses one of the phrases a sentence_not_translated
 * (`no_fixed_phrase`) offered; the sentence is then translated by that phrase, as a new revision.
 */
export interface ChoosePhraseMessage {
  type: 'choose_phrase';
  sentence_id: string;
  /** One of the `suggestions` of the sentence's latest sentence_not_translated. */
  phrase_id: string;
}

export interface SetSpeedMessage {
  type: 'set_speed';
  /** 0.25 to 4. */
  speed: number;
}

export interface FlagMessage {
  type: 'flag';
  flag_type: FlagType;
  /** At most 2000 characters. */
  note?: string;
  /** Absent (or null): the flag is about the whole conversation. */
  sentence_id?: string | null;
}

export interface CorrectSpeakerMessage {
  type: 'correct_speaker';
  sentence_id: string;
  role: KnownRole;
}

export interface TriggerBranchCMessage {
  type: 'trigger_branch_c';
  sentence_id: string;
}

export interface TextInputMessage {
  type: 'text_input';
  /** 1 to 5000 characters, not only spaces. */
  text: string;
  /** Who typed it; absent: identified from the text like speech. */
  role?: KnownRole;
}

export interface ConversationExitMessage {
  type: 'conversation_exit';
  /** Default true: the archive is delivered before the close. */
  archive?: boolean;
}

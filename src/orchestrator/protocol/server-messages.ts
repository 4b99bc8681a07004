import type {
  BranchCSkipReason,
  FlagType,
  KnownRole,
  NotTranslatedReason,
  SentenceSource,
  SessionEndReason,
  SessionErrorService,
  SpeakerRole,
} from '../conversation/conversation.types.js';

// The console and the CLI client import this file with `import type` (the one declaration of
// these messages): keep it to types, importing nothing but types.
export type {
  BranchCSkipReason,
  FlagType,
  KnownRole,
  NotTranslatedReason,
  SentenceSource,
  SessionEndReason,
  SessionErrorService,
  SpeakerRole,
};

/** Messages the server sends on a session (decisions §5.1, §5.3–5.5). */
export type ServerMessage =
  | HandshakeSuccessMessage
  | HandshakeRejectionMessage
  | ErrorMessage
  | AsrPartialMessage
  | AsrResultMessage
  | SentenceEmptyMessage
  | TranslationResultMessage
  | SentenceNotTranslatedMessage
  | ReformulationResultMessage
  | TtsAudioMessage
  | BranchCResultMessage
  | BranchCSkippedMessage
  | BranchCTriggeredMessage
  | SpeedUpdatedMessage
  | FlagAckMessage
  | CorrectionAckMessage
  | ExitAcknowledgedMessage
  | ConversationArchiveMessage;

export interface HandshakeSuccessMessage {
  type: 'HandshakeSuccess';
  /** @format uuid */
  session_id: string;
  medic_lang: string;
  patient_lang: string;
  speed: number;
  enable_dual_direction: boolean;
  /** @asType integer */
  sample_rate: number;
  audio_format: 'pcm_s16le';
  /** Extension: what the session will not do with the active engines, in plain words. */
  warnings: string[];
  /**
   * Extension (issue 32): what the patient can always answer by touch, in the patient's language
   * ("I do not understand", "Please repeat", "I need a human interpreter"): each `text` is sent
   * as the patient's text_input.
   */
  patient_answers?: AnswerButton[];
}

export type HandshakeRejectionReason =
  'missing_fields' | 'unsupported_language' | 'timeout' | 'invalid_json' | 'invalid_fields';

export interface HandshakeRejectionMessage {
  type: 'error';
  service: 'Handshake';
  reason: HandshakeRejectionReason;
  message: string;
}

export interface ErrorMessage {
  type: 'error';
  service: SessionErrorService;
  message: string;
  sentence_id?: string;
}

/**
 * Extension (issue 19): the words recognized so far of a sentence still being spoken, for a live
 * caption; replaced by the sentence's asr_result (or sentence_empty). Never after either of them.
 */
export interface AsrPartialMessage {
  type: 'asr_partial';
  sentence_id: string;
  text: string;
}

export interface AsrResultMessage {
  type: 'asr_result';
  sentence_id: string;
  text: string;
  language: string;
  role: SpeakerRole;
  start_ms: number | null;
  end_ms: number | null;
  source: SentenceSource;
  /** @minimum 0 @maximum 1 */
  confidence: number | null;
  low_confidence: boolean;
}

export interface SentenceEmptyMessage {
  type: 'sentence_empty';
  sentence_id: string;
}

export interface TranslationResultMessage {
  type: 'translation_result';
  sentence_id: string;
  branch: 'A';
  source_language: string;
  target_language: string;
  text: string;
  back_translation?: string;
  /** @minimum 0 @maximum 1 */
  fidelity?: number;
  untranslated_words?: string[];
  origin?: 'phrasebook' | 'machine';
  phrase_id?: string;
  understood_as?: string;
  reviewed_by?: string;
  /**
   * Extension (issue 32): the answers the question expects, in the listener's language, for the
   * patient to tap: the option's `text` is what the tap sends as the patient's text_input.
   */
  answers?: AnswerButtons;
  /** Extension (issue 32): true when the clinician chose this phrase among those offered. */
  chosen?: boolean;
  /** @asType integer @minimum 1 */
  revision: number;
}

/** Answers for the patient to tap (issue 32). */
export interface AnswerButtons {
  kind:
    | 'yes_no'
    | 'yes_no_unknown'
    | 'scale'
    | 'pain_scale'
    | 'duration'
    | 'side'
    | 'better_worse'
    | 'severity'
    | 'constancy';
  options: AnswerButton[];
  /** What the ends of a scale mean ("No pain", "Worst pain"): labels, never sent. */
  labels?: { low?: string; high?: string };
}

export interface AnswerButton {
  /** `yes`, `scale-7` …: the same answer in every language. */
  id: string;
  /** The answer in the patient's language: what a tap sends as text_input (role patient). */
  text: string;
}

/** A phrase offered to the clinician when none matched (issue 32). */
export interface PhraseSuggestion {
  phrase_id: string;
  /** The phrase in the clinician's language, with the values the sentence named. */
  text: string;
}

export interface ReformulationResultMessage {
  type: 'reformulation_result';
  sentence_id: string;
  branch: 'B';
  language: string;
  text: string;
  /** @asType integer @minimum 1 */
  revision: number;
}

export interface TtsAudioMessage {
  type: 'tts_audio';
  sentence_id: string;
  branch: 'A' | 'B';
  /** @asType integer @minimum 1 */
  revision: number;
  language: string;
  speed: number;
  /** @asType integer */
  sample_rate: number;
  format: 'wav';
  /** @contentEncoding base64 @contentMediaType audio/wav */
  audio_base64: string;
}

/**
 * Extension (issue 30): instead of `translation_result` (and its speech, its reformulation and
 * branch C), for a revision that is not translated. `language_outside_session`: the text is in
 * neither party's language (`language`, a BCP-47 locale, `und` when it cannot be named), so
 * translating it would pass it on unchanged or garble it; nothing of it is spoken.
 */
export interface SentenceNotTranslatedMessage {
  type: 'sentence_not_translated';
  sentence_id: string;
  reason: NotTranslatedReason;
  language: string;
  /**
   * Extension (issue 32), with `no_fixed_phrase`: the closest phrases, in the clinician's
   * language (maybe none). choose_phrase sends one.
   */
  suggestions?: PhraseSuggestion[];
  /** @asType integer @minimum 1 */
  revision: number;
}

export interface BranchCResultMessage {
  type: 'branch_c_result';
  sentence_id: string;
  assumed_role: KnownRole;
  source_language: string;
  target_language: string;
  text: string;
}

export interface BranchCSkippedMessage {
  type: 'branch_c_skipped';
  sentence_id: string;
  reason: BranchCSkipReason;
}

export interface BranchCTriggeredMessage {
  type: 'branch_c_triggered';
  sentence_id: string;
}

export interface SpeedUpdatedMessage {
  type: 'speed_updated';
  speed: number;
}

export interface FlagAckMessage {
  type: 'flag_ack';
  flag_id: string;
  flag_type: FlagType;
  sentence_id: string | null;
}

export interface CorrectionAckMessage {
  type: 'correction_ack';
  sentence_id: string;
  role: KnownRole;
  previous_role: SpeakerRole;
}

export interface ExitAcknowledgedMessage {
  type: 'exit_acknowledged';
  /** Whether a conversation_archive message will follow. */
  archive: boolean;
  /**
   * Sentences still being processed; their results follow before the close.
   * @asType integer
   * @minimum 0
   */
  pending_sentences: number;
  /**
   * Extension (issue 30): why the session ends: `client` (its conversation_exit), or the
   * service's own decision, `idle_timeout`, `max_duration` or `server_shutdown` (a restart: a
   * new session can go on once the service is back).
   */
  reason: SessionEndReason;
}

export interface ConversationArchiveMessage {
  type: 'conversation_archive';
  filename: string;
  /** @asType integer @minimum 0 */
  size_bytes: number;
  /** @contentEncoding base64 @contentMediaType application/zip */
  content_base64: string;
}

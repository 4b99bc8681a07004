import type { AgeCategory, PatientGender } from '../../language/speech-settings.js';
import type { SessionLanguage } from '../languages/session-language.js';

/** Who spoke a sentence (decisions §5.4). */
export type SpeakerRole = 'medic' | 'patient' | 'unknown';
export type KnownRole = Exclude<SpeakerRole, 'unknown'>;

export type SentenceSource = 'audio' | 'text';
export type SentenceStatus = 'pending' | 'processed' | 'empty' | 'errored';
export type FlagType = 'mistranslation' | 'wrong_speaker' | 'bug' | 'other';
export type BranchCSkipReason =
  | 'unknown_speaker_role'
  | 'same_translation_direction'
  /** Issue 32: a party's language has no machine translation, only fixed phrases. */
  | 'language_not_translated';
/**
 * Why a session ends (exit_acknowledged's `reason`): the client's conversation_exit, or the
 * service's own decision (idle, maximum duration, shutdown).
 */
export type SessionEndReason = 'client' | 'idle_timeout' | 'max_duration' | 'server_shutdown';

/** The service ends a session itself: why, and the notice sent before exit_acknowledged. */
export interface ServiceEnding {
  readonly reason: Exclude<SessionEndReason, 'client'>;
  readonly notice: string;
}

/** Why a sentence was not translated (sentence_not_translated). */
export type NotTranslatedReason =
  /** The text is in neither party's language. */
  | 'language_outside_session'
  /**
   * Issue 32: the listener's language has no machine translation and no fixed phrase says the
   * clinician's sentence; the closest phrases are offered to the clinician instead.
   */
  | 'no_fixed_phrase'
  /** Issue 32: the speaker's language has no machine translation and the text is no answer. */
  | 'language_not_translated';

/** A phrase offered to the clinician when none matched: its id and its text in their language. */
export interface OfferedPhrase {
  readonly phraseId: string;
  readonly text: string;
}

/** The answers a question expects, as buttons in the listener's language (issue 32). */
export interface OfferedAnswers {
  readonly kind: string;
  readonly options: readonly { readonly id: string; readonly text: string }[];
  /** What the ends of a scale mean ("No pain", "Worst pain"): labels, never sent. */
  readonly labels?: { readonly low?: string; readonly high?: string };
}

/** The services an `error` message may name (decisions §5.4). */
export type SessionErrorService =
  | 'ASR'
  | 'Translation'
  | 'Reformulation'
  | 'TTS'
  | 'Back-translation'
  | 'Session'
  | 'Conversation Archive';

/** One party of the conversation. */
export interface Party {
  /** Normalized BCP-47 locale, e.g. `fr-FR`. */
  readonly locale: string;
  /** English display name, e.g. `French`. */
  readonly name: string;
}

/** Branch A of one revision: the literal translation and its back-translation. */
export interface LiteralTranslation {
  readonly revision: number;
  readonly sourceLanguage: string;
  readonly targetLanguage: string;
  readonly text: string;
  readonly backTranslation?: string;
  /** How likely the translation is faithful, 0..1 (pipeline/fidelity/: FidelityScorer). */
  readonly fidelity?: number;
  /** Words the engine left untranslated that are not names, numbers or drug names. */
  readonly untranslatedWords?: readonly string[];
  /** `phrasebook`: a fixed phrase written in advance; `machine`: the translation engine. */
  readonly origin: 'phrasebook' | 'machine';
  /** The fixed phrase, when the origin is the phrasebook. */
  readonly phraseId?: string;
  /** The fixed phrase in the speaker's language, values filled in: what the service understood. */
  readonly understoodAs?: string;
  /** Who reviewed the fixed phrase (a hospital's PHRASEBOOK_FILE); absent: not reviewed. */
  readonly reviewedBy?: string;
  /** The answers the question expects, for the listener to tap. */
  readonly answers?: OfferedAnswers;
  /** Whether the clinician chose the phrase among those offered (choose_phrase). */
  readonly chosen?: boolean;
}

/**
 * A revision whose translation was withheld: the text is in neither party's language (issue 30,
 * item 3), so translating it would pass it on unchanged or garble it.
 */
export interface WithheldTranslation {
  readonly revision: number;
  readonly reason: NotTranslatedReason;
  /** BCP-47 locale of the text's language, `und` when it could not be named. */
  readonly language: string;
  /** For `no_fixed_phrase`: the closest phrases, for the clinician to choose from. */
  readonly suggestions?: readonly OfferedPhrase[];
}

/** Branch B of one revision: the reformulation of A for the listener. */
export interface Reformulation {
  readonly revision: number;
  readonly language: string;
  readonly text: string;
}

/** Branch C: the sentence translated as if the other party had spoken it. */
export interface AlternateSpeakerTranslation {
  readonly assumedRole: KnownRole;
  readonly sourceLanguage: string;
  readonly targetLanguage: string;
  readonly text: string;
}

/** Speech synthesized for branch A or B of one revision. */
export interface SynthesizedSpeech {
  readonly branch: 'A' | 'B';
  readonly revision: number;
  readonly language: string;
  readonly speed: number;
  readonly sampleRate: number;
  /** A RIFF WAV file, PCM 16-bit mono. */
  readonly wav: Uint8Array;
}

/** A failure recorded on a sentence (what was sent to the client as `error`). */
export interface SentenceError {
  readonly service: SessionErrorService;
  readonly message: string;
}

/** One sentence of the conversation, with every branch and revision it went through. */
export interface SentenceRecord {
  /** `s1`, `s2`, … in detection order. */
  readonly id: string;
  readonly source: SentenceSource;
  /** When the sentence was detected (end of speech, or text received), ISO 8601 UTC. */
  readonly detectedAt: string;
  /** Position in the session's audio stream, in ms (audio sentences only). */
  readonly startMs?: number;
  readonly endMs?: number;
  /** The speech as received, 16 kHz mono (audio sentences only). */
  readonly inputAudio?: Int16Array;
  text: string;
  /** BCP-47 locale of the text. */
  language: string;
  /**
   * The language of the text as resolved when `language` was set (a party's, or the catalog's),
   * so a translation need not resolve the locale again; undefined when the catalog lacks it.
   */
  textLanguage?: SessionLanguage;
  /**
   * Whether `language` is the text's, as recognized or identified (a recognizer held to one
   * language counts), rather than assumed: a text too short to tell is taken to be the medic's
   * (§4.3.2), and a correct_speaker then moves it to the corrected party's language.
   */
  languageIdentified: boolean;
  /**
   * The locale of the language the text is in when it is neither party's (`und` when unnamed):
   * such a sentence is not translated, and nothing of it is spoken.
   */
  outsideLanguage?: string;
  /** The recognizer's confidence in the text, 0 to 1; null for typed text or when it tells none. */
  confidence: number | null;
  /** The confidence is below the recognizer's calibrated threshold: the speaker should repeat. */
  lowConfidence: boolean;
  role: SpeakerRole;
  /** Current revision: 1, then +1 per `correct_speaker`. */
  revision: number;
  status: SentenceStatus;
  readonly translations: LiteralTranslation[];
  /** Revisions whose translation was withheld, and why. */
  readonly withheld: WithheldTranslation[];
  readonly reformulations: Reformulation[];
  readonly speech: SynthesizedSpeech[];
  readonly alternates: AlternateSpeakerTranslation[];
  readonly branchCSkipped: BranchCSkipReason[];
  readonly errors: SentenceError[];
  /**
   * The phrases last offered for this sentence, as the pipeline sends one when the clinician
   * chooses it (choose_phrase); kept with the sentence, never sent or archived as such.
   */
  offers?: readonly unknown[];
}

export interface FlagRecord {
  /** `f1`, `f2`, … */
  readonly id: string;
  readonly type: FlagType;
  /** The sentence flagged, or null for the whole conversation. */
  readonly sentenceId: string | null;
  readonly note?: string;
  readonly at: string;
}

export interface SpeakerCorrection {
  readonly sentenceId: string;
  readonly role: KnownRole;
  readonly previousRole: SpeakerRole;
  readonly at: string;
}

/** Per-session figures (interface §2.16); snake_case as they appear in conversation.json. */
export interface SessionMetricsSnapshot {
  readonly sentences_processed: number;
  readonly sentences_empty: number;
  readonly sentences_errored: number;
  readonly sentences_flagged: number;
  readonly peak_concurrent_pipelines: number;
  readonly warnings: number;
  readonly errors: number;
}

/** Everything the archive holds: a read-only view of a session at its end. */
export interface ConversationSnapshot {
  readonly sessionId: string;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly medic: Party;
  readonly patient: Party & {
    readonly gender?: PatientGender;
    readonly ageCategory?: AgeCategory;
  };
  readonly enableDualDirection: boolean;
  /** Sample rate of the client's audio frames. */
  readonly sampleRate: number;
  readonly sentences: readonly SentenceRecord[];
  readonly flags: readonly FlagRecord[];
  readonly corrections: readonly SpeakerCorrection[];
  readonly metrics: SessionMetricsSnapshot;
}

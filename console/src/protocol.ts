/**
 * The messages of the session protocol at /ws (docs/protocol.md), as the console uses them.
 * Server messages are checked only as far as the console relies on them: a `type` it knows.
 */

/** Sample rates the handshake accepts (docs/protocol.md §2). */
export const SAMPLE_RATES = [8000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
export const DEFAULT_SAMPLE_RATE = 16000;

export type Role = 'medic' | 'patient';
export type SpeakerRole = Role | 'unknown';
export type Branch = 'A' | 'B';
export type Gender = 'male' | 'female';
export type AgeCategory = 'child' | 'adolescent' | 'adult' | 'senior';
export type FlagType = 'mistranslation' | 'wrong_speaker' | 'bug' | 'other';

export const FLAG_TYPES: readonly FlagType[] = ['mistranslation', 'wrong_speaker', 'bug', 'other'];

export const otherRole = (role: Role): Role => (role === 'medic' ? 'patient' : 'medic');

/** Who hears a sentence's translation: the other party; a sentence of unknown role goes to the medic. */
export const listenerOf = (speaker: SpeakerRole | undefined): Role =>
  speaker === 'medic' ? 'patient' : 'medic';

// ---- Client → server ----

export interface Handshake {
  type: 'handshake';
  language_medic: string;
  language_patient: string;
  speed?: number;
  enable_dual_direction?: boolean;
  sample_rate?: number;
  patient_gender?: Gender;
  patient_age_category?: AgeCategory;
}

export type ClientMessage =
  | Handshake
  | { type: 'set_speed'; speed: number }
  | { type: 'flag'; flag_type: FlagType; sentence_id?: string; note?: string }
  | { type: 'correct_speaker'; sentence_id: string; role: Role }
  | { type: 'trigger_branch_c'; sentence_id: string }
  | { type: 'text_input'; text: string; role?: Role }
  | { type: 'conversation_exit'; archive?: boolean };

// ---- Server → client ----

export interface HandshakeSuccess {
  type: 'HandshakeSuccess';
  session_id: string;
  medic_lang: string;
  patient_lang: string;
  speed: number;
  enable_dual_direction: boolean;
  sample_rate: number;
  audio_format: string;
  /** Extension: what the session cannot do with the active engines, in plain words. */
  warnings?: string[];
}

export interface AsrResult {
  type: 'asr_result';
  sentence_id: string;
  text: string;
  language: string;
  role: SpeakerRole;
  start_ms: number | null;
  end_ms: number | null;
  source: 'audio' | 'text';
}

export interface SentenceEmpty {
  type: 'sentence_empty';
  sentence_id: string;
}

export interface TranslationResult {
  type: 'translation_result';
  sentence_id: string;
  branch: 'A';
  source_language: string;
  target_language: string;
  text: string;
  back_translation?: string;
  fidelity?: number;
  revision: number;
}

export interface ReformulationResult {
  type: 'reformulation_result';
  sentence_id: string;
  branch: 'B';
  language: string;
  text: string;
  revision: number;
}

export interface TtsAudio {
  type: 'tts_audio';
  sentence_id: string;
  branch: Branch;
  revision: number;
  language: string;
  speed: number;
  sample_rate: number;
  format: 'wav';
  audio_base64: string;
}

export interface BranchCResult {
  type: 'branch_c_result';
  sentence_id: string;
  assumed_role: Role;
  source_language: string;
  target_language: string;
  text: string;
}

export interface BranchCSkipped {
  type: 'branch_c_skipped';
  sentence_id: string;
  reason: string;
}

export interface ErrorMessage {
  type: 'error';
  service: string;
  message: string;
  reason?: string;
  sentence_id?: string;
}

export interface SpeedUpdated {
  type: 'speed_updated';
  speed: number;
}

export interface FlagAck {
  type: 'flag_ack';
  flag_id: string;
  flag_type: FlagType;
  sentence_id: string | null;
}

export interface CorrectionAck {
  type: 'correction_ack';
  sentence_id: string;
  role: Role;
  previous_role: SpeakerRole;
}

export interface BranchCTriggered {
  type: 'branch_c_triggered';
  sentence_id: string;
}

export interface ExitAcknowledged {
  type: 'exit_acknowledged';
  archive: boolean;
  pending_sentences?: number;
}

export interface ConversationArchive {
  type: 'conversation_archive';
  filename: string;
  size_bytes: number;
  content_base64: string;
}

export type ServerMessage =
  | HandshakeSuccess
  | AsrResult
  | SentenceEmpty
  | TranslationResult
  | ReformulationResult
  | TtsAudio
  | BranchCResult
  | BranchCSkipped
  | ErrorMessage
  | SpeedUpdated
  | FlagAck
  | CorrectionAck
  | BranchCTriggered
  | ExitAcknowledged
  | ConversationArchive;

const SERVER_TYPES: ReadonlySet<string> = new Set<ServerMessage['type']>([
  'HandshakeSuccess',
  'asr_result',
  'sentence_empty',
  'translation_result',
  'reformulation_result',
  'tts_audio',
  'branch_c_result',
  'branch_c_skipped',
  'error',
  'speed_updated',
  'flag_ack',
  'correction_ack',
  'branch_c_triggered',
  'exit_acknowledged',
  'conversation_archive',
]);

/** A server text frame as a message, or undefined when it is not one the console knows. */
export function parseServerMessage(data: string): ServerMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && SERVER_TYPES.has(type) ? (value as ServerMessage) : undefined;
}

/** `s12` → 12 (0 for an id of another shape). */
export function sentenceNumber(sentenceId: string): number {
  const match = /^s(\d+)$/.exec(sentenceId);
  return match ? Number(match[1]) : 0;
}

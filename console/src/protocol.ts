/**
 * The messages of the session protocol at /ws (docs/protocol.md), as the console uses them. Their
 * types are the service's own declarations, imported as types only: nothing of src/ is bundled.
 * Server messages are checked only as far as the console relies on them: a `type` it knows.
 */
import type {
  AgeCategory,
  ClientMessage,
  Gender,
  HandshakeMessage,
  SessionSampleRate,
} from '../../src/orchestrator/protocol/client-messages';
import type {
  BranchCResultMessage,
  ConversationArchiveMessage,
  FlagType,
  HandshakeSuccessMessage,
  KnownRole,
  ReformulationResultMessage,
  SentenceNotTranslatedMessage,
  ServerMessage,
  SessionEndReason,
  SpeakerRole,
  TranslationResultMessage,
  TtsAudioMessage,
} from '../../src/orchestrator/protocol/server-messages';

export type {
  AgeCategory,
  BranchCResultMessage,
  ClientMessage,
  ConversationArchiveMessage,
  FlagType,
  Gender,
  HandshakeMessage,
  HandshakeSuccessMessage,
  ReformulationResultMessage,
  SentenceNotTranslatedMessage,
  ServerMessage,
  SessionEndReason,
  SessionSampleRate,
  SpeakerRole,
  TranslationResultMessage,
  TtsAudioMessage,
};

/** Sample rates the handshake accepts (docs/protocol.md §2). */
export const SAMPLE_RATES = [
  8000, 16000, 22050, 24000, 32000, 44100, 48000,
] as const satisfies readonly SessionSampleRate[];
export const DEFAULT_SAMPLE_RATE = 16000 satisfies SessionSampleRate;

/** One of the two parties: who speaks, who listens. */
export type Role = KnownRole;
export type Branch = TtsAudioMessage['branch'];

export const FLAG_TYPES: readonly FlagType[] = ['mistranslation', 'wrong_speaker', 'bug', 'other'];

export const otherRole = (role: Role): Role => (role === 'medic' ? 'patient' : 'medic');

/** Who hears a sentence's translation: the other party; a sentence of unknown role goes to the medic. */
export const listenerOf = (speaker: SpeakerRole | undefined): Role =>
  speaker === 'medic' ? 'patient' : 'medic';

// Every type the service sends: a new one fails the type check here until the console knows it.
const SERVER_TYPES: ReadonlySet<string> = new Set(
  Object.keys({
    HandshakeSuccess: true,
    asr_partial: true,
    asr_result: true,
    sentence_empty: true,
    translation_result: true,
    sentence_not_translated: true,
    reformulation_result: true,
    tts_audio: true,
    branch_c_result: true,
    branch_c_skipped: true,
    error: true,
    speed_updated: true,
    flag_ack: true,
    correction_ack: true,
    branch_c_triggered: true,
    exit_acknowledged: true,
    conversation_archive: true,
  } satisfies Record<ServerMessage['type'], true>),
);

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

/** The sentence an `error` is about, if any (a handshake rejection declares none). */
export function errorSentenceId(
  error: Extract<ServerMessage, { type: 'error' }>,
): string | undefined {
  return 'sentence_id' in error ? error.sentence_id : undefined;
}

/** `s12` → 12 (0 for an id of another shape). */
export function sentenceNumber(sentenceId: string): number {
  const match = /^s(\d+)$/.exec(sentenceId);
  return match ? Number(match[1]) : 0;
}

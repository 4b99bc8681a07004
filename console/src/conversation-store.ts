/**
 * What the page knows of the conversation, built from the server's messages and keyed by
 * `sentence_id` (results of different sentences interleave, protocol §4.3). Only the newest
 * revision of a sentence is kept for display; the archive has them all. Pure logic, no DOM.
 */
import type {
  Branch,
  BranchCResultMessage,
  FlagType,
  ReformulationResultMessage,
  Role,
  SentenceNotTranslatedMessage,
  ServerMessage,
  SpeakerRole,
  TranslationResultMessage,
} from './protocol';
import { errorSentenceId, sentenceNumber } from './protocol';

export interface SentenceFlag {
  flagId: string;
  flagType: FlagType;
  note?: string;
}

export type BranchCState =
  | { kind: 'pending' }
  | { kind: 'result'; result: BranchCResultMessage }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed' };

export interface SentenceState {
  id: string;
  number: number;
  source?: 'audio' | 'text';
  text?: string;
  language?: string;
  /** Undefined until the asr_result; the corrected role after a correction. */
  role?: SpeakerRole;
  empty: boolean;
  /** The recognizer was not sure of the text (asr_result's low_confidence): ask to repeat. */
  lowConfidence?: boolean;
  /**
   * Speech heard in the patient's turn while the recognizer cannot hear the patient's language
   * (set by the page, conversation.ts): perhaps the patient, so not taken as the medic's.
   */
  heardInPatientTurn?: boolean;
  /**
   * The newest revision is not translated: the text is in neither party's language, or (issue
   * 32) no fixed phrase says the clinician's sentence (with the phrases offered instead), or the
   * patient's text, in a language reached by fixed phrases only, is none of the answers.
   */
  notTranslated?: {
    revision: number;
    language: string;
    reason: SentenceNotTranslatedMessage['reason'];
    suggestions: { phrase_id: string; text: string }[];
  };
  /** The phrase the clinician chose among the suggestions, until its translation comes (issue 32). */
  choosing?: string;
  /** The answer the patient tapped under this sentence's question (an option's id, issue 32). */
  answered?: string;
  /** Newest revision known (its translation may still be on its way after a correction). */
  revision: number;
  translation?: TranslationResultMessage;
  reformulation?: ReformulationResultMessage;
  /** Speech received for the newest revision. */
  speech: Partial<Record<Branch, true>>;
  /** Branches whose speech or text will not come for the newest revision. */
  failed: Partial<Record<Branch | 'translation' | 'recognition', true>>;
  branchC?: BranchCState;
  /** A correction asked for and not yet answered, or answered and not yet re-translated. */
  correcting?: { to: Role; from?: SpeakerRole };
  /** The last effective correction, for the label "speaker corrected". */
  corrected?: { from: SpeakerRole; to: Role };
  flags: SentenceFlag[];
  errors: { service: string; message: string }[];
}

export interface ConversationFlag {
  flagId: string;
  flagType: FlagType;
  note?: string;
}

export interface ServiceNotice {
  service: string;
  message: string;
  sentenceId?: string;
}

/** What one message changed, for the page to update. */
export interface Change {
  sentenceId?: string;
  /** A sentence seen for the first time. */
  created?: boolean;
}

export class ConversationStore {
  readonly sentences = new Map<string, SentenceState>();
  readonly conversationFlags: ConversationFlag[] = [];
  /** Flags sent and not acknowledged yet, in order (flag_ack does not echo the note). */
  private readonly pendingFlags: {
    sentenceId: string | null;
    flagType: FlagType;
    note?: string;
  }[] = [];
  /** Typed sentences sent whose asr_result has not come back. */
  typedPending = 0;
  /**
   * Languages no voice speaks (GET /languages/capabilities: Filipino with the embedded voices):
   * a translation into one is complete without speech.
   */
  readonly voiceless = new Set<string>();

  /** The sentences in the order they were spoken (by id). */
  ordered(): SentenceState[] {
    return [...this.sentences.values()].sort((a, b) => a.number - b.number);
  }

  /** Sentences still being worked on (or typed and not yet echoed). */
  pendingCount(): number {
    let count = this.typedPending;
    for (const sentence of this.sentences.values())
      if (isPending(sentence, this.voiceless)) count++;
    return count;
  }

  noteFlagSent(sentenceId: string | null, flagType: FlagType, note?: string): void {
    this.pendingFlags.push({ sentenceId, flagType, note });
  }

  noteCorrectionSent(sentenceId: string, role: Role): void {
    const sentence = this.sentence(sentenceId);
    sentence.correcting = { to: role };
  }

  /** The clinician chose a phrase among a sentence's suggestions (choose_phrase sent). */
  noteChoiceSent(sentenceId: string, phraseId: string): void {
    this.sentence(sentenceId).choosing = phraseId;
  }

  /** The patient tapped an answer under a sentence's question (a text_input on its way). */
  noteAnswered(sentenceId: string, optionId: string): void {
    this.sentence(sentenceId).answered = optionId;
    this.typedPending++;
  }

  noteBranchCSent(sentenceId: string): void {
    this.sentence(sentenceId).branchC = { kind: 'pending' };
  }

  apply(message: ServerMessage): Change {
    switch (message.type) {
      case 'asr_result': {
        const created = !this.sentences.has(message.sentence_id);
        const sentence = this.sentence(message.sentence_id);
        sentence.source = message.source;
        sentence.text = message.text;
        sentence.language = message.language;
        sentence.role = message.role;
        sentence.lowConfidence = message.low_confidence;
        if (message.source === 'text' && this.typedPending > 0) this.typedPending--;
        return { sentenceId: sentence.id, created };
      }
      case 'sentence_empty':
        return this.update(message.sentence_id, (sentence) => {
          sentence.empty = true;
        });
      case 'translation_result':
        return this.update(message.sentence_id, (sentence) => {
          if (message.revision < sentence.revision) return;
          if (message.revision > sentence.revision || !sentence.translation) {
            sentence.speech = {};
            sentence.failed = {};
            if (sentence.reformulation && sentence.reformulation.revision < message.revision) {
              sentence.reformulation = undefined;
            }
          }
          sentence.revision = message.revision;
          sentence.translation = message;
          sentence.notTranslated = undefined;
          sentence.choosing = undefined;
          if (sentence.correcting && message.revision > 1) {
            sentence.corrected = {
              from: sentence.correcting.from ?? 'unknown',
              to: sentence.correcting.to,
            };
            sentence.correcting = undefined;
          }
        });
      case 'sentence_not_translated':
        return this.update(message.sentence_id, (sentence) => {
          if (message.revision < sentence.revision) return;
          sentence.revision = message.revision;
          sentence.notTranslated = {
            revision: message.revision,
            language: message.language,
            reason: message.reason,
            suggestions: message.suggestions ?? [],
          };
          sentence.choosing = undefined;
          sentence.translation = undefined;
          sentence.reformulation = undefined;
          sentence.speech = {};
          if (sentence.correcting && message.revision > 1) {
            sentence.corrected = {
              from: sentence.correcting.from ?? 'unknown',
              to: sentence.correcting.to,
            };
          }
          sentence.correcting = undefined;
        });
      case 'reformulation_result':
        return this.update(message.sentence_id, (sentence) => {
          if (message.revision >= sentence.revision) sentence.reformulation = message;
        });
      case 'tts_audio':
        return this.update(message.sentence_id, (sentence) => {
          if (message.revision >= sentence.revision) sentence.speech[message.branch] = true;
        });
      case 'branch_c_triggered':
        return this.update(message.sentence_id, (sentence) => {
          sentence.branchC = { kind: 'pending' };
        });
      case 'branch_c_result':
        return this.update(message.sentence_id, (sentence) => {
          sentence.branchC = { kind: 'result', result: message };
        });
      case 'branch_c_skipped':
        return this.update(message.sentence_id, (sentence) => {
          sentence.branchC = { kind: 'skipped', reason: message.reason };
        });
      case 'correction_ack':
        return this.update(message.sentence_id, (sentence) => {
          const effective = message.previous_role !== message.role && !sentence.empty;
          sentence.role = message.role;
          if (!effective || !sentence.text) {
            sentence.correcting = undefined;
            return;
          }
          sentence.correcting = { to: message.role, from: message.previous_role };
          // Revision n + 1 is on its way: the speech of revision n is no longer the right one.
          sentence.revision++;
          sentence.speech = {};
          sentence.failed = {};
        });
      case 'flag_ack': {
        const index = this.pendingFlags.findIndex(
          (flag) => flag.sentenceId === message.sentence_id && flag.flagType === message.flag_type,
        );
        const note = index >= 0 ? this.pendingFlags.splice(index, 1)[0].note : undefined;
        const flag = { flagId: message.flag_id, flagType: message.flag_type, note };
        if (message.sentence_id === null) {
          this.conversationFlags.push(flag);
          return {};
        }
        return this.update(message.sentence_id, (sentence) => sentence.flags.push(flag));
      }
      case 'error':
        return this.applyError(message.service, message.message, errorSentenceId(message));
      default:
        return {};
    }
  }

  private applyError(service: string, text: string, sentenceId?: string): Change {
    if (!sentenceId || !this.sentences.has(sentenceId)) {
      if (text === 'Sentence not found') this.forgetPending(sentenceId);
      return {};
    }
    return this.update(sentenceId, (sentence) => {
      sentence.errors.push({ service, message: text });
      switch (service) {
        case 'ASR':
          sentence.failed.recognition = true;
          break;
        case 'Translation':
          // Branch A's translation, or branch C's once A is there.
          if (sentence.branchC?.kind === 'pending' && sentence.translation) {
            sentence.branchC = { kind: 'failed' };
          } else {
            sentence.failed.translation = true;
            sentence.correcting = undefined;
          }
          break;
        case 'Reformulation':
          sentence.failed.B = true;
          break;
        case 'TTS':
          // A's speech comes before the reformulation, B's after it (protocol §4.2).
          if (sentence.reformulation || sentence.speech.A) sentence.failed.B = true;
          else sentence.failed.A = true;
          break;
        case 'Session':
          if (sentence.branchC?.kind === 'pending') sentence.branchC = { kind: 'failed' };
          break;
      }
    });
  }

  private forgetPending(sentenceId?: string): void {
    const index = this.pendingFlags.findIndex((flag) => flag.sentenceId === sentenceId);
    if (index >= 0) this.pendingFlags.splice(index, 1);
  }

  private update(sentenceId: string, change: (sentence: SentenceState) => void): Change {
    const created = !this.sentences.has(sentenceId);
    change(this.sentence(sentenceId));
    return { sentenceId, created };
  }

  private sentence(sentenceId: string): SentenceState {
    let sentence = this.sentences.get(sentenceId);
    if (!sentence) {
      sentence = {
        id: sentenceId,
        number: sentenceNumber(sentenceId),
        empty: false,
        revision: 1,
        speech: {},
        failed: {},
        flags: [],
        errors: [],
      };
      this.sentences.set(sentenceId, sentence);
    }
    return sentence;
  }
}

/** Recognized (or typed) and not yet translated and spoken, nor failed. */
export function isPending(
  sentence: SentenceState,
  voiceless: ReadonlySet<string> = new Set(),
): boolean {
  if (sentence.empty || sentence.failed.recognition || sentence.failed.translation) return false;
  if (sentence.notTranslated && sentence.notTranslated.revision >= sentence.revision)
    return sentence.choosing !== undefined;
  if (sentence.text === undefined) return true;
  if (!sentence.translation || sentence.translation.revision < sentence.revision) return true;
  // Into a language no voice speaks, the text is all there is.
  if (voiceless.has(sentence.translation.target_language)) return false;
  return !sentence.speech.A && !sentence.failed.A && !sentence.speech.B;
}

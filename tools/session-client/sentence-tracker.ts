import type { ServerMessage } from './session-connection.js';

export interface SentenceProgress {
  id: string;
  source?: string;
  role?: string;
  empty: boolean;
  /** sentence_not_translated received: in neither party's language, nothing more comes. */
  notTranslated?: boolean;
  branchA: boolean;
  ttsA: boolean;
  branchB: boolean;
  ttsB: boolean;
  /** branch_c_result or branch_c_skipped received. */
  branchC: boolean;
  errors: string[];
}

/**
 * Follows each sentence through its pipeline from the server's messages, to tell when the
 * results of every sentence seen so far have arrived (or failed).
 */
export class SentenceTracker {
  readonly sentences = new Map<string, SentenceProgress>();
  /** Errors that name no sentence. */
  readonly sessionErrors: string[] = [];

  constructor(private readonly dualDirection = false) {}

  observe(message: ServerMessage): void {
    const id = typeof message.sentence_id === 'string' ? message.sentence_id : undefined;
    if (!id) {
      if (message.type === 'error') this.sessionErrors.push(String(message.service));
      return;
    }
    let sentence = this.sentences.get(id);
    if (!sentence) {
      sentence = {
        id,
        empty: false,
        branchA: false,
        ttsA: false,
        branchB: false,
        ttsB: false,
        branchC: false,
        errors: [],
      };
      this.sentences.set(id, sentence);
    }
    switch (message.type) {
      case 'asr_result':
        sentence.source = String(message.source);
        sentence.role = String(message.role);
        break;
      case 'sentence_empty':
        sentence.empty = true;
        break;
      case 'sentence_not_translated':
        // In neither party's language: nothing more comes for it.
        sentence.notTranslated = true;
        break;
      case 'translation_result':
        sentence.branchA = true;
        break;
      case 'reformulation_result':
        sentence.branchB = true;
        break;
      case 'tts_audio':
        if (message.branch === 'A') sentence.ttsA = true;
        if (message.branch === 'B') sentence.ttsB = true;
        break;
      case 'branch_c_result':
      case 'branch_c_skipped':
        sentence.branchC = true;
        break;
      case 'error':
        sentence.errors.push(String(message.service));
        break;
    }
  }

  /**
   * A sentence is settled when it is empty, failed before its branches (ASR, Translation), or
   * has branch A's and branch B's speech or their failures.
   */
  isSettled(sentence: SentenceProgress): boolean {
    const { errors } = sentence;
    if (sentence.empty || sentence.notTranslated) return true;
    if (errors.includes('ASR') || errors.includes('Translation')) return true;
    const ttsErrors = errors.filter((service) => service === 'TTS').length;
    const aDone = sentence.ttsA || ttsErrors > 0;
    const bDone =
      sentence.ttsB || errors.includes('Reformulation') || ttsErrors >= (sentence.ttsA ? 1 : 2);
    if (!aDone || !bDone) return false;
    const cExpected =
      this.dualDirection && (sentence.role === 'medic' || sentence.role === 'patient');
    return !cExpected || sentence.branchC;
  }

  /** Typed sentences recognized so far (asr_result with source `text`). */
  get textSentences(): number {
    return [...this.sentences.values()].filter((sentence) => sentence.source === 'text').length;
  }

  allSettled(expectedTextSentences = 0): boolean {
    return (
      this.textSentences >= expectedTextSentences &&
      [...this.sentences.values()].every((sentence) => this.isSettled(sentence))
    );
  }
}

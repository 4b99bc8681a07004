/**
 * What the speech player is told of each sentence as its messages arrive: which speech to wait
 * for and play by itself, which will never come (failures, doubted or cut sentences), and which
 * branch each listener hears. A sentence cut by the tablet's own speech is a fragment: never
 * played by itself, nor shown as a sentence.
 */
import { controls } from './conversation-controls';
import type { ConversationStore, SentenceState } from './conversation-store';
import { listenerOf, type Branch, type ServerMessage } from './protocol';
import { SpeechPlayer, type SpeechPlayerEvents } from './speech-player';

type MessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** The branch the listener of a sentence hears (the selects "The medic/patient hears"). */
function preferredBranch(store: ConversationStore, sentenceId: string): Branch {
  const listener = listenerOf(store.sentences.get(sentenceId)?.role);
  const select = listener === 'medic' ? controls.medicHears : controls.patientHears;
  return select.value === 'B' ? 'B' : 'A';
}

export class SentenceSpeech {
  /** Sentences heard cut (talk-over.ts): shown as fragments, not played by themselves. */
  private readonly fragments = new Set<string>();

  /** Plays each sentence's speech by itself (in the listener's branch) and on its ▶ buttons. */
  readonly player: SpeechPlayer;

  constructor(
    private readonly store: ConversationStore,
    events: SpeechPlayerEvents,
    /** The recognized span was cut by the silence sent while the tablet spoke (talk-over.ts). */
    private readonly isCut: (startMs: number | null, endMs: number | null) => boolean,
  ) {
    this.player = new SpeechPlayer(events, (sentenceId) => preferredBranch(store, sentenceId));
  }

  /** Follows the session's messages; true when a sentence was heard cut (a fragment). */
  follow(message: ServerMessage): boolean {
    switch (message.type) {
      case 'asr_result':
        return this.recognized(message);
      case 'tts_audio':
        this.audio(message);
        break;
      case 'correction_ack':
        this.corrected(message);
        break;
      case 'translation_result':
        // Into a language no voice speaks (Filipino): no speech will come, the text is all.
        if (this.store.voiceless.has(message.target_language))
          this.player.drop(message.sentence_id, message.revision);
        break;
      case 'sentence_not_translated':
        // In neither party's language: nothing of it will be spoken.
        this.player.drop(message.sentence_id, message.revision);
        break;
    }
    return false;
  }

  isFragment(sentenceId: string): boolean {
    return this.fragments.has(sentenceId);
  }

  /** A sentence was recognized; true if it was heard cut (only speech can be). */
  private recognized(message: MessageOf<'asr_result'>): boolean {
    if (message.source === 'audio' && this.isCut(message.start_ms, message.end_ms)) {
      this.fragments.add(message.sentence_id);
      this.player.drop(message.sentence_id);
      return true;
    }
    // A sentence the recognizer doubts, or heard in a patient's turn it cannot hear, is not
    // played by itself: the speaker is asked to repeat (or type) first; its speech stays on the
    // card's buttons.
    const heardInPatientTurn = this.store.sentences.get(message.sentence_id)?.heardInPatientTurn;
    if (message.low_confidence || heardInPatientTurn) this.player.drop(message.sentence_id, 1);
    else this.player.expect(message.sentence_id, 1);
    return false;
  }

  /** Speech of the sentence's current revision (an older one's is not played). */
  private audio(message: MessageOf<'tts_audio'>): void {
    if (message.revision >= (this.store.sentences.get(message.sentence_id)?.revision ?? 1)) {
      this.player.add(message);
    }
  }

  /** The speaker was corrected: the old speech goes, the new revision's is awaited. */
  private corrected(message: MessageOf<'correction_ack'>): void {
    const sentence = this.store.sentences.get(message.sentence_id);
    if (sentence?.correcting && message.role !== message.previous_role) {
      this.player.drop(sentence.id, sentence.revision - 1);
      if (!this.fragments.has(sentence.id)) this.player.expect(sentence.id, sentence.revision);
    }
  }

  /** Tells the player what will not come (failures) so that it does not wait for it. */
  sync(s: SentenceState): void {
    if (s.empty || s.failed.recognition) this.player.drop(s.id);
    else if (s.failed.translation) this.player.drop(s.id, s.revision);
    else {
      if (s.failed.A) this.player.fail(s.id, s.revision, 'A');
      if (s.failed.B) this.player.fail(s.id, s.revision, 'B');
    }
  }
}

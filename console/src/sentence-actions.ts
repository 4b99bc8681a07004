/**
 * What the clinician's controls send to the service: the buttons of the cards, the
 * conversation's Flag button, a typed sentence and the speed. Only while the session is live:
 * after its end (or its loss) a press does nothing.
 */
import { controls } from './conversation-controls';
import type { ConversationStore } from './conversation-store';
import type { FlagDialog } from './flag-dialog';
import type { Branch, ClientMessage, Role } from './protocol';
import type { SentenceActions } from './sentence-card';

export interface SentenceActionsDeps {
  store: ConversationStore;
  flagDialog: FlagDialog;
  isLive(): boolean;
  /** False when the message could not be sent (the connection is closing). */
  send(message: ClientMessage): boolean | undefined;
  replay(sentenceId: string, branch: Branch): void;
  /** The card again, after what was sent changed the sentence's state. */
  render(sentenceId: string): void;
}

export class SentenceActionsSender implements SentenceActions {
  constructor(private readonly deps: SentenceActionsDeps) {}

  replay(sentenceId: string, branch: Branch): void {
    this.deps.replay(sentenceId, branch);
  }

  flag(sentenceId: string): void {
    void this.flagSentence(sentenceId);
  }

  /** The typed sentence, as the chosen speaker's (or the service's guess); true when sent. */
  sendText(): boolean {
    const text = controls.typeText.value.trim();
    if (!this.deps.isLive() || !text) return false;
    const role = (controls.typeRole.value || undefined) as Role | undefined;
    if (!this.deps.send({ type: 'text_input', text, role })) return false;
    this.deps.store.typedPending++;
    controls.typeText.value = '';
    return true;
  }

  /** The speed of the speech from the next sentence; the service confirms it. */
  setSpeed(speed: number): void {
    if (!this.deps.isLive()) return;
    this.deps.send({ type: 'set_speed', speed });
    controls.speedNote.textContent = 'Changing the speed…';
  }

  /** The flag dialog for the whole conversation (sentence_id absent). */
  async flagConversation(): Promise<void> {
    const { store, flagDialog, isLive } = this.deps;
    if (!isLive()) return;
    const flag = await flagDialog.ask(null);
    if (!flag || !isLive()) return;
    store.noteFlagSent(null, flag.flagType, flag.note);
    this.deps.send({ type: 'flag', flag_type: flag.flagType, note: flag.note });
  }

  correct(sentenceId: string, role: Role): void {
    if (!this.deps.isLive()) return;
    this.deps.store.noteCorrectionSent(sentenceId, role);
    this.deps.send({ type: 'correct_speaker', sentence_id: sentenceId, role });
    this.deps.render(sentenceId);
  }

  /** The phrase the clinician chose among those offered for a sentence (issue 32). */
  choose(sentenceId: string, phraseId: string): void {
    if (!this.deps.isLive()) return;
    const sentence = this.deps.store.sentences.get(sentenceId);
    if (!sentence || sentence.choosing !== undefined) return;
    if (!this.deps.send({ type: 'choose_phrase', sentence_id: sentenceId, phrase_id: phraseId }))
      return;
    this.deps.store.noteChoiceSent(sentenceId, phraseId);
    this.deps.render(sentenceId);
  }

  /**
   * The patient tapped an answer under a sentence's question (issue 32): its text is sent at
   * once as the patient's, and the sentence keeps which one.
   */
  answer(sentenceId: string, option: { id: string; text: string }): void {
    if (!this.deps.isLive()) return;
    const sentence = this.deps.store.sentences.get(sentenceId);
    if (!sentence || sentence.answered !== undefined) return;
    if (!this.deps.send({ type: 'text_input', text: option.text, role: 'patient' })) return;
    this.deps.store.noteAnswered(sentenceId, option.id);
    this.deps.render(sentenceId);
  }

  /** One of the answers the patient can always give (the handshake's patient_answers). */
  answerAlways(option: { id: string; text: string }): boolean {
    if (!this.deps.isLive()) return false;
    if (!this.deps.send({ type: 'text_input', text: option.text, role: 'patient' })) return false;
    this.deps.store.typedPending++;
    return true;
  }

  branchC(sentenceId: string): void {
    if (!this.deps.isLive()) return;
    this.deps.store.noteBranchCSent(sentenceId);
    this.deps.send({ type: 'trigger_branch_c', sentence_id: sentenceId });
    this.deps.render(sentenceId);
  }

  private async flagSentence(sentenceId: string): Promise<void> {
    const { store, flagDialog, isLive } = this.deps;
    if (!isLive()) return;
    const sentence = store.sentences.get(sentenceId);
    const flag = await flagDialog.ask(sentenceId, sentence?.text, sentence?.language);
    if (!flag || !isLive()) return;
    store.noteFlagSent(sentenceId, flag.flagType, flag.note);
    this.deps.send({
      type: 'flag',
      flag_type: flag.flagType,
      sentence_id: sentenceId,
      note: flag.note,
    });
  }
}

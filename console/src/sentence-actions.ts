/**
 * What the buttons of the cards, and the conversation's Flag button, send to the service. Only
 * while the session is live: after its end (or its loss) a press does nothing.
 */
import type { ConversationStore } from './conversation-store';
import type { FlagDialog } from './flag-dialog';
import type { Branch, ClientMessage, Role } from './protocol';
import type { SentenceActions } from './sentence-card';

export interface SentenceActionsDeps {
  store: ConversationStore;
  flagDialog: FlagDialog;
  isLive(): boolean;
  send(message: ClientMessage): void;
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

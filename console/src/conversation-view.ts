/**
 * The conversation as cards, one per sentence (by `sentence_id`, in the order spoken). First and
 * largest, the literal translation (branch A) for the listener, with its ▶ and the warnings a
 * listener must not miss (check this, not translated); under it, smaller, who spoke and what was
 * said. The rest is one tap away in a disclosure: the fidelity and back-translation, the
 * reformulation (branch B, labelled so), branch C, the speech, flags and the actions.
 * A card is built once and updated in place, so keyboard focus on its buttons survives updates;
 * a newer revision replaces the older one in view.
 */
import type { SentenceState } from './conversation-store';
import { byId } from './dom';
import { markFragment } from './fragment-card';
import type { Parties } from './i18n/both-parties';
import { NewestInView } from './newest-in-view';
import type { Branch } from './protocol';
import type { ReplayAudience } from './replay-labels';
import { createCard, type Card, type SentenceActions } from './sentence-card';
import { fillCard } from './sentence-card-fill';
import type { SpeechState } from './speech-player';

export type { SentenceActions } from './sentence-card';

const SPEECH_TEXT: Record<SpeechState, string> = {
  playing: '▶ Playing',
  played: '✓ Played',
  stopped: '■ Stopped',
  interrupted: '■ Interrupted so that someone could speak: press ▶ to hear it',
  failed: '⚠ Could not be played',
  blocked: '⚠ The browser blocked the sound: press ▶ to play',
};

export class ConversationView {
  private readonly cards = new Map<string, Card>();
  /** Who the ▶ buttons are for: the patient's ▶ is labelled in the patient's language. */
  private readonly audience: ReplayAudience = { patientBranch: 'A' };
  private readonly newest: NewestInView;

  constructor(
    private readonly list: HTMLOListElement,
    private readonly actions: SentenceActions,
    /** Languages no voice speaks: their translations are complete without speech. */
    private readonly voiceless: ReadonlySet<string> = new Set(),
  ) {
    this.newest = new NewestInView(list, byId<HTMLButtonElement>('new-translation'), (root) => {
      const lead = root.querySelector<HTMLElement>('.branch--a');
      return lead && !lead.hidden ? lead : undefined;
    });
  }

  clear(): void {
    this.cards.clear();
    this.list.replaceChildren();
    this.newest.reset();
  }

  /** Takes the cards off the list (to keep them as an earlier part of the conversation). */
  detachCards(): HTMLElement[] {
    const cards = [...this.list.querySelectorAll<HTMLElement>(':scope > li.sentence')];
    for (const card of cards) card.remove();
    return cards;
  }

  /** The conversation is over: the cards go, and the list is left to the next one's view. */
  dispose(): void {
    this.clear();
    this.newest.stop();
  }

  setParties(parties: Parties): void {
    this.audience.parties = parties;
  }

  /** The branch the patient hears (the select "The patient hears"): the patient's ▶ plays it. */
  setPatientBranch(branch: Branch): void {
    this.audience.patientBranch = branch;
  }

  /** Updates (or creates) the card of a sentence. */
  render(
    sentence: SentenceState,
    playable: (branch: Branch) => boolean,
    ending: boolean,
    /** Heard cut (talk-over.ts): said to be lost, in both parties' languages, not a sentence. */
    fragment: boolean,
  ): void {
    let card = this.cards.get(sentence.id);
    const created = !card;
    if (!card) {
      card = this.createCard(sentence.id);
      this.cards.set(sentence.id, card);
      this.insert(card.root, sentence.number);
    }
    const translated = card.aText.textContent;
    fillCard(card, sentence, playable, ending, this.audience, this.voiceless);
    // Follow the conversation, unless someone scrolled up to read: then offer what is new.
    this.newest.afterRender(created || card.aText.textContent !== translated);
    if (fragment && this.audience.parties)
      markFragment(this.list, sentence.id, this.audience.parties);
  }

  /** The state of the speech of one branch of a sentence (auto-play or replay). */
  speechState(sentenceId: string, branch: Branch, state: SpeechState): void {
    const card = this.cards.get(sentenceId);
    if (!card) return;
    const which = branch === 'A' ? 'translation' : 'reformulation';
    card.speech.textContent = `Speech of the ${which}: ${SPEECH_TEXT[state]}`;
    card.speech.hidden = false;
    card.speech.dataset.speechState = state;
    card.speech.dataset.speechBranch = branch;
    card.root.dataset.speech = state;
  }

  private insert(item: HTMLLIElement, number: number): void {
    const after = [...this.list.children].find(
      (child) => Number((child as HTMLElement).dataset.number) > number,
    );
    this.list.insertBefore(item, after ?? null);
  }

  private createCard(id: string): Card {
    // Opened, its details come into view (as far as its translation allows).
    return createCard(id, this.actions, (root) => this.newest.reveal(root));
  }
}

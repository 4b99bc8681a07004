/**
 * The line that tells both parties, each in their own language, what happened to their speech
 * while the tablet spoke (issue 18 item 2): the tablet stopped so that they can speak, they should
 * wait for it, or some words were not heard. `data-key` names the phrase shown.
 */
import { byId } from './dom';
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import type { PhraseKey } from './i18n/phrasebook';

export type SpeechNoticeKey = Extract<
  PhraseKey,
  'speech.stopped' | 'speech.waitForTablet' | 'speech.lost'
>;

export class SpeechNotice {
  private readonly element = byId('speech-notice');
  private timer?: number;

  /** `parties`: the languages as the handshake settled them, read at each notice. */
  constructor(private readonly parties: () => Parties) {
    this.hide();
  }

  /** Shows the phrase, for `forMs` or until hidden. */
  show(key: SpeechNoticeKey, forMs?: number): void {
    window.clearTimeout(this.timer);
    if (this.element.dataset.key !== key) {
      this.element.replaceChildren(...bothPartiesElements(this.parties(), key));
      this.element.dataset.key = key;
    }
    this.element.hidden = false;
    if (forMs) this.timer = window.setTimeout(() => this.hide(), forMs);
  }

  /** Hides the notice (only if it shows `key`, when given). */
  hide(key?: SpeechNoticeKey): void {
    if (key && this.element.dataset.key !== key) return;
    window.clearTimeout(this.timer);
    this.element.hidden = true;
    this.element.replaceChildren();
    delete this.element.dataset.key;
  }
}

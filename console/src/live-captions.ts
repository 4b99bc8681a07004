/**
 * Live captions (asr_partial): while someone speaks, the words recognized so far, in the list
 * where the sentence's card will be, replaced by the card when the sentence's asr_result comes
 * and removed if it ends empty or fails. The message has no role (the speaker is known only from
 * the final text), so the caption says "Speaking" rather than guessing a side.
 */
import { el } from './dom';
import { errorSentenceId, sentenceNumber, type ServerMessage } from './protocol';

export class LiveCaptions {
  private readonly captions = new Map<string, HTMLLIElement>();

  constructor(private readonly list: HTMLOListElement) {}

  /**
   * Follows the session's messages: the words so far while a sentence is spoken (none once
   * `hasText` says its card has the final text), gone when it ends, empty or failed.
   */
  follow(message: ServerMessage, hasText: (sentenceId: string) => boolean): void {
    switch (message.type) {
      case 'asr_partial':
        this.show(message.sentence_id, message.text, hasText(message.sentence_id));
        break;
      case 'sentence_empty':
      case 'asr_result':
        this.remove(message.sentence_id);
        break;
      case 'error': {
        const sentenceId = errorSentenceId(message);
        if (sentenceId && message.service === 'ASR') this.remove(sentenceId);
      }
    }
  }

  /** The text so far of a sentence still being spoken; nothing once its card exists. */
  show(sentenceId: string, text: string, hasCard: boolean): void {
    if (hasCard) return this.remove(sentenceId);
    let caption = this.captions.get(sentenceId);
    if (!caption) {
      const number = sentenceNumber(sentenceId);
      // Screen readers get the final sentence, not three updates a second (aria-hidden).
      caption = el(
        'li',
        {
          class: 'caption',
          'data-caption-for': sentenceId,
          'data-number': number,
          'aria-hidden': 'true',
        },
        el('span', { class: 'caption__label' }, 'Speaking…'),
        el('span', { class: 'caption__text' }),
      );
      this.captions.set(sentenceId, caption);
      const after = [...this.list.children].find(
        (child) => Number((child as HTMLElement).dataset.number) > number,
      );
      this.list.insertBefore(caption, after ?? null);
    }
    caption.querySelector('.caption__text')!.textContent = text;
  }

  /** The sentence has its card, ended empty or failed: its caption goes. */
  remove(sentenceId: string): void {
    this.captions.get(sentenceId)?.remove();
    this.captions.delete(sentenceId);
  }

  clear(): void {
    for (const caption of this.captions.values()) caption.remove();
    this.captions.clear();
  }
}

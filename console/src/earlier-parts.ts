/**
 * The earlier parts of a conversation that went on after its session was interrupted (the
 * service stopped, or the connection was lost; issue 30 item 6): each part's cards stay at the
 * top of the conversation, under a heading that says, in both parties' languages, that they are
 * the earlier part, with a button to save that part's archive. The end screen offers them too.
 * Their buttons are disabled: their session is gone.
 */
import { el, spaced } from './dom';
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import type { PartArchive } from './part-archive';

interface Part {
  readonly number: number;
  readonly group: HTMLLIElement;
  readonly archive: PartArchive;
}

export class EarlierParts {
  private readonly parts: Part[] = [];

  get count(): number {
    return this.parts.length;
  }

  /** Some part's archive was never saved: leaving would lose it. */
  get unsaved(): boolean {
    return this.parts.some((part) => !part.archive.saved);
  }

  /** Keeps `cards` (taken out of the list) as the next earlier part, with its archive. */
  add(cards: readonly HTMLElement[], parties: Parties, archive: PartArchive): void {
    const number = this.parts.length + 1;
    for (const button of cards.flatMap((card) => [...card.querySelectorAll('button')]))
      button.disabled = true;
    const note = el('p', { class: 'hint earlier-part__note', lang: 'en', 'aria-live': 'polite' });
    const heading = el(
      'h2',
      { class: 'earlier-part__title' },
      ...spaced(bothPartiesElements(parties, 'conversation.earlier')),
    );
    const group = el(
      'li',
      { class: 'earlier-part', 'data-part': String(number) },
      heading,
      this.saveButton(number, archive, note),
      note,
      el('ol', { class: 'earlier-part__cards' }, ...cards),
    );
    this.parts.push({ number, group, archive });
  }

  /** Puts the earlier parts at the top of `list`, in order, above the cards of the live part. */
  showIn(list: HTMLElement): void {
    list.prepend(...this.parts.map((part) => part.group));
  }

  /** Buttons saving each part, for the end screen. */
  saveButtons(): HTMLElement[] {
    return this.parts.map((part) => {
      const note = el('span', { class: 'hint', lang: 'en' });
      return el('p', {}, this.saveButton(part.number, part.archive, note), ' ', note);
    });
  }

  /** Forgets every part and frees their archives. */
  clear(): void {
    for (const part of this.parts) {
      part.archive.release();
      part.group.remove();
    }
    this.parts.length = 0;
  }

  private saveButton(number: number, archive: PartArchive, note: HTMLElement): HTMLButtonElement {
    const button = el(
      'button',
      { class: 'button button--small', type: 'button', 'data-action': 'save-part' },
      `Save part ${number}${archive.complete ? '' : ' (incomplete)'}`,
    );
    button.addEventListener('click', () => {
      button.disabled = true;
      archive.download().then(
        (filename) => {
          note.textContent = `Saved as ${filename}.`;
          button.dataset.saved = 'true';
          button.disabled = false;
        },
        (error: unknown) => {
          note.textContent = `The archive could not be made: ${error instanceof Error ? error.message : String(error)}`;
          button.disabled = false;
        },
      );
    });
    return button;
  }
}

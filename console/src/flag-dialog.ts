/**
 * The dialog to flag a sentence, or the whole conversation, with a type and an optional note.
 * A native <dialog>: focus moves into it, Esc closes it, focus returns to the button after.
 */
import { byId } from './dom';
import type { FlagType } from './protocol';
import { sentenceName } from './wording';

export interface FlagChoice {
  flagType: FlagType;
  note?: string;
}

export class FlagDialog {
  private readonly dialog = byId<HTMLDialogElement>('flag-dialog');
  private readonly title = byId('flag-title');
  private readonly type = byId<HTMLSelectElement>('flag-type');
  private readonly note = byId<HTMLTextAreaElement>('flag-note');
  private readonly subject = byId('flag-subject');

  /**
   * Resolves with the flag, or undefined when cancelled. `text`: what the sentence said, in
   * `lang` (so that a screen reader reads it in its language).
   */
  ask(sentenceId: string | null, text?: string, lang?: string): Promise<FlagChoice | undefined> {
    this.title.textContent = sentenceId
      ? `Flag ${sentenceName(sentenceId)}`
      : 'Flag the conversation';
    this.subject.textContent = text ? `“${text}”` : '';
    this.subject.hidden = !text;
    if (text && lang) this.subject.lang = lang;
    else this.subject.removeAttribute('lang');
    this.type.value = sentenceId ? 'mistranslation' : 'other';
    this.note.value = '';
    this.dialog.returnValue = '';
    return new Promise((resolve) => {
      this.dialog.addEventListener(
        'close',
        () => {
          if (this.dialog.returnValue !== 'send') return resolve(undefined);
          const note = this.note.value.trim();
          resolve({ flagType: this.type.value as FlagType, note: note || undefined });
        },
        { once: true },
      );
      this.dialog.showModal();
      this.type.focus();
    });
  }

  close(): void {
    if (this.dialog.open) this.dialog.close();
  }
}

/** The confirmation of the end; resolves true to end. */
export function confirmEnd(): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('end-dialog');
  dialog.returnValue = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'end'), { once: true });
    dialog.showModal();
  });
}

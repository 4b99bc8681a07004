/**
 * What the conversation screen shows once the connection to the service is lost (issue 18
 * item 3): the cards stay; a banner tells both parties, in their languages, that the connection
 * was lost and what is on screen is kept; the clinician can save what the page holds as an
 * incomplete archive built in the browser, and start again once the service answers, checked at
 * growing intervals (Backoff). Nothing goes to browser storage: the archive is a Blob URL,
 * revoked when the panel goes.
 */
import './connection-lost.css';
import { Backoff } from './backoff';
import { el } from './dom';
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import type { IncompleteArchive } from './incomplete-archive';

export interface LostConversation {
  parties: Parties;
  /** Builds the archive of what the page holds. */
  buildArchive(): Promise<IncompleteArchive>;
}

export interface ConnectionLostHandlers {
  /** A new conversation with the same choices (the old session died with the connection). */
  startAgain(): void;
}

/** How long one check of the service may take. */
const CHECK_TIMEOUT_MS = 5000;

export class ConnectionLostPanel {
  private readonly banner: HTMLElement;
  private readonly save: HTMLButtonElement;
  private readonly saveNote: HTMLElement;
  private readonly reconnect: HTMLElement;
  private readonly startAgain: HTMLButtonElement;
  private readonly backoff = new Backoff();
  private timer?: number;
  private url?: string;
  private saved = false;
  private disposed = false;
  private readonly onOnline = () => this.checkSoon(0);

  constructor(
    after: HTMLElement,
    private readonly lost: LostConversation,
    private readonly handlers: ConnectionLostHandlers,
  ) {
    this.save = el(
      'button',
      { id: 'save-incomplete', class: 'button button--primary', type: 'button' },
      'Save what is on screen (incomplete)',
    );
    this.saveNote = el('p', { id: 'save-note', class: 'hint', 'aria-live': 'polite' });
    this.reconnect = el('div', { id: 'reconnect-status', role: 'status' });
    this.startAgain = el(
      'button',
      { id: 'start-again', class: 'button', type: 'button', hidden: true },
      'Start again',
    );
    this.banner = el(
      'section',
      { id: 'connection-banner', class: 'connection-banner', 'aria-label': 'Connection lost' },
      el(
        'div',
        { id: 'connection-lost', class: 'connection-banner__alert', role: 'alert' },
        ...bothPartiesElements(lost.parties, 'connection.lost', {}, 'p'),
        el(
          'p',
          { id: 'connection-advice', class: 'connection-banner__advice', lang: 'en' },
          'The conversation cannot go on. Save what is on screen before you start again or ' +
            'close the page: the service’s archive was lost, and this copy exists only here.',
        ),
      ),
      el('div', { class: 'connection-banner__actions' }, this.save, this.startAgain),
      this.saveNote,
      this.reconnect,
    );
    this.save.addEventListener('click', () => void this.saveArchive());
    this.startAgain.addEventListener('click', () => this.confirmStartAgain());
    after.after(this.banner);
    window.addEventListener('online', this.onOnline);
    this.checkSoon(this.backoff.next());
  }

  /** What is on screen would be lost by leaving: it was not saved. */
  get unsaved(): boolean {
    return !this.saved;
  }

  /** Removes the banner, stops checking, releases the archive. */
  dispose(): void {
    this.disposed = true;
    window.clearTimeout(this.timer);
    window.removeEventListener('online', this.onOnline);
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = undefined;
    this.banner.remove();
  }

  // ---- saving ----

  private async saveArchive(): Promise<void> {
    this.save.disabled = true;
    this.saveNote.textContent = 'Preparing the archive…';
    try {
      const archive = await this.lost.buildArchive();
      if (this.disposed) return;
      if (this.url) URL.revokeObjectURL(this.url);
      this.url = URL.createObjectURL(
        new Blob([archive.bytes as BlobPart], { type: 'application/zip' }),
      );
      const link = el('a', { href: this.url, download: archive.filename, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      this.saved = true;
      this.save.dataset.saved = 'true';
      this.saveNote.textContent = `Saved as ${archive.filename} (marked incomplete).`;
      this.resetConfirmation();
    } catch (error) {
      this.saveNote.textContent = `The archive could not be made: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.save.disabled = false;
    }
  }

  // ---- is the service back? ----

  private checkSoon(delayMs: number): void {
    window.clearTimeout(this.timer);
    if (this.disposed || !this.startAgain.hidden) return;
    if (delayMs > 0) this.showRetrying(delayMs);
    this.timer = window.setTimeout(() => void this.check(), delayMs);
  }

  private async check(): Promise<void> {
    let back: boolean;
    try {
      // Liveness needs no API key and says nothing of any conversation.
      const response = await fetch(new URL('health/live', document.baseURI), {
        cache: 'no-store',
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      back = response.ok;
    } catch {
      back = false;
    }
    if (this.disposed) return;
    if (back) this.showBack();
    else this.checkSoon(this.backoff.next());
  }

  private showRetrying(delayMs: number): void {
    this.reconnect.dataset.state = 'retrying';
    this.reconnect.replaceChildren(
      ...bothPartiesElements(this.lost.parties, 'connection.retrying', {}, 'p'),
      el(
        'p',
        { class: 'hint', lang: 'en' },
        `The service does not answer. Next check in ${Math.max(1, Math.round(delayMs / 1000))} s.`,
      ),
    );
  }

  private showBack(): void {
    this.backoff.reset();
    this.reconnect.dataset.state = 'back';
    this.reconnect.replaceChildren(
      ...bothPartiesElements(this.lost.parties, 'connection.back', {}, 'p'),
    );
    this.startAgain.hidden = false;
  }

  private confirmStartAgain(): void {
    if (!this.saved && this.startAgain.dataset.confirm !== 'true') {
      // A second press discards what is on screen: it exists nowhere else.
      this.startAgain.dataset.confirm = 'true';
      this.startAgain.textContent = 'Discard what is on screen and start again';
      this.saveNote.textContent = 'What is on screen has not been saved: it will be lost.';
      return;
    }
    this.handlers.startAgain();
  }

  private resetConfirmation(): void {
    if (this.startAgain.dataset.confirm !== 'true') return;
    delete this.startAgain.dataset.confirm;
    this.startAgain.textContent = 'Start again';
  }
}

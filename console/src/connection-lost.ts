/**
 * What the conversation screen shows once its session is gone before the people ended it (issue
 * 18 item 3, issue 30 items 5 and 6): the connection was lost, or the service stopped (a restart
 * or an update: it said so, finished the sentences in flight and sent its archive). The cards
 * stay; a banner tells both parties, in their languages, what happened and that what is on screen
 * is kept; the clinician can save this part of the conversation (the service's archive, or the
 * incomplete one the page builds) and, once the service answers again (checked at growing
 * intervals, Backoff), continue the conversation in a new session with the same settings, the
 * cards so far staying on screen as its earlier part. The banner sits outside the collapsible
 * warnings, so that it shows at every screen size. Nothing goes to browser storage.
 */
import './connection-lost.css';
import { Backoff } from './backoff';
import { el, spaced } from './dom';
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import type { PartArchive } from './part-archive';

/** Why the session is gone. */
export type Interruption = 'lost' | 'stopped';

export interface InterruptedConversation {
  parties: Parties;
  cause: Interruption;
  /** This part's archive (kept by the page when the conversation continues). */
  archive: PartArchive;
}

export interface ConnectionLostHandlers {
  /** A new session with the same choices; the cards so far stay as the earlier part. */
  continueConversation(): void;
}

/** How long one check of the service may take. */
const CHECK_TIMEOUT_MS = 5000;

const ADVICE: Record<Interruption, string> = {
  lost:
    'The conversation cannot go on in this session. Save what is on screen: the service’s ' +
    'archive was lost, and this copy exists only here. Once the service is back, continue the ' +
    'conversation: what is on screen stays, as its earlier part.',
  stopped:
    'The service was stopped (a restart or an update); it finished the sentences in progress ' +
    'and sent its archive of the conversation so far, kept here until you save it. Once the ' +
    'service is back, continue the conversation: what is on screen stays, as its earlier part.',
};

export class ConnectionLostPanel {
  private readonly banner: HTMLElement;
  private readonly save: HTMLButtonElement;
  private readonly saveNote: HTMLElement;
  private readonly reconnect: HTMLElement;
  private readonly continueButton: HTMLButtonElement;
  private readonly backoff = new Backoff();
  private timer?: number;
  private disposed = false;
  private readonly onOnline = () => this.checkSoon(0);

  constructor(
    after: HTMLElement,
    private readonly interrupted: InterruptedConversation,
    private readonly handlers: ConnectionLostHandlers,
  ) {
    const { parties, cause } = interrupted;
    this.save = el(
      'button',
      { id: 'save-incomplete', class: 'button button--primary', type: 'button' },
      ...spaced(bothPartiesElements(parties, 'connection.save')),
    );
    this.saveNote = el('p', { id: 'save-note', class: 'hint', 'aria-live': 'polite', lang: 'en' });
    this.reconnect = el('div', { id: 'reconnect-status', role: 'status' });
    this.continueButton = el(
      'button',
      { id: 'continue-conversation', class: 'button', type: 'button', hidden: true },
      ...spaced(bothPartiesElements(parties, 'connection.continue')),
    );
    this.banner = el(
      'section',
      {
        id: 'connection-banner',
        class: 'connection-banner',
        'data-cause': cause,
        'aria-label': cause === 'lost' ? 'Connection lost' : 'Service stopped',
      },
      el(
        'div',
        { id: 'connection-lost', class: 'connection-banner__alert', role: 'alert' },
        ...bothPartiesElements(
          parties,
          cause === 'lost' ? 'connection.lost' : 'connection.stopped',
          {},
          'p',
        ),
        el(
          'p',
          { id: 'connection-advice', class: 'connection-banner__advice', lang: 'en' },
          ADVICE[cause],
        ),
      ),
      el('div', { class: 'connection-banner__actions' }, this.save, this.continueButton),
      this.saveNote,
      this.reconnect,
    );
    this.save.addEventListener('click', () => void this.saveArchive());
    this.continueButton.addEventListener('click', () => this.handlers.continueConversation());
    after.after(this.banner);
    window.addEventListener('online', this.onOnline);
    this.checkSoon(this.backoff.next());
  }

  /** What is on screen would be lost by leaving: it was not saved. */
  get unsaved(): boolean {
    return !this.interrupted.archive.saved;
  }

  /** Removes the banner and stops checking (the archive stays with whoever holds it). */
  dispose(): void {
    this.disposed = true;
    window.clearTimeout(this.timer);
    window.removeEventListener('online', this.onOnline);
    this.banner.remove();
  }

  // ---- saving ----

  private async saveArchive(): Promise<void> {
    const { archive } = this.interrupted;
    this.save.disabled = true;
    this.saveNote.textContent = 'Preparing the archive…';
    try {
      const filename = await archive.download();
      if (this.disposed) return;
      this.save.dataset.saved = 'true';
      this.saveNote.textContent = archive.complete
        ? `Saved as ${filename} (the service’s archive of this part).`
        : `Saved as ${filename} (marked incomplete).`;
    } catch (error) {
      this.saveNote.textContent = `The archive could not be made: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.save.disabled = false;
    }
  }

  // ---- is the service back? ----

  private checkSoon(delayMs: number): void {
    window.clearTimeout(this.timer);
    if (this.disposed || !this.continueButton.hidden) return;
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
      ...bothPartiesElements(this.interrupted.parties, 'connection.retrying', {}, 'p'),
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
      ...bothPartiesElements(this.interrupted.parties, 'connection.back', {}, 'p'),
    );
    this.continueButton.hidden = false;
  }
}

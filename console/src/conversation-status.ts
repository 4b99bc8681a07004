/**
 * The status line of a conversation (status-bar.ts words it for both parties): the
 * conversation's state, read from the conversation at each update, and the last error, shown
 * for a while (or, when the connection was lost, until the page moves on).
 */
import { StatusBar, type StatusInput } from './status-bar';

/** How long an error stays in the status line. */
const ERROR_SHOWN_MS = 10_000;

export class ConversationStatus {
  private readonly bar = new StatusBar();
  private error?: string;
  private errorTimer?: number;

  constructor(private readonly state: () => Omit<StatusInput, 'error'>) {}

  update(): void {
    this.bar.update({ ...this.state(), error: this.error });
  }

  /** The microphone's level (0 when what it hears is not sent). */
  showLevel(peak: number): void {
    this.bar.showLevel(peak);
  }

  showError(text: string): void {
    this.error = text;
    window.clearTimeout(this.errorTimer);
    this.errorTimer = window.setTimeout(() => {
      this.error = undefined;
      this.update();
    }, ERROR_SHOWN_MS);
    this.update();
  }

  /** An error that stays: nothing will replace it in this conversation. */
  showLastingError(text: string): void {
    window.clearTimeout(this.errorTimer);
    this.error = text;
    this.update();
  }

  dispose(): void {
    window.clearTimeout(this.errorTimer);
  }
}

/** At most one partial caption per this interval per sentence (about three a second). */
export const PARTIAL_MIN_INTERVAL_MS = 333;
/**
 * Words the first partial of a sentence needs. A lone word from a recognizer that is still
 * listening is often noise (a cough, a breath taken for "the") in a sentence that ends empty;
 * two words rarely are.
 */
export const PARTIAL_MIN_WORDS = 2;

/**
 * The gate between a recognizer's partial results and the asr_partial messages of one sentence:
 * only non-empty text that changed, the first once it has PARTIAL_MIN_WORDS words, at most one per
 * PARTIAL_MIN_INTERVAL_MS (a text arriving sooner waits, and only the latest is sent). `close()`
 * at the end of the sentence's speech: nothing is sent after it, so no partial follows the
 * sentence's asr_result or sentence_empty.
 */
export class PartialCaption {
  private sent = '';
  private sentAt = -Infinity;
  private waiting?: string;
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly send: (text: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The words recognized so far (the recognizer's whole hypothesis, not a delta). */
  offer(raw: string): void {
    if (this.closed) return;
    const text = raw.trim().replace(/\s+/g, ' ');
    const changed = text !== '' && text !== this.sent;
    const enough = this.sent !== '' || text.split(' ').length >= PARTIAL_MIN_WORDS;
    this.waiting = changed && enough ? text : undefined;
    if (this.waiting === undefined) return;
    const wait = this.sentAt + PARTIAL_MIN_INTERVAL_MS - this.now();
    if (wait <= 0) this.sendWaiting();
    else this.timer ??= setTimeout(() => this.sendWaiting(), wait).unref();
  }

  /** The sentence's speech is over: nothing more is sent. */
  close(): void {
    this.closed = true;
    this.waiting = undefined;
    clearTimeout(this.timer);
  }

  private sendWaiting(): void {
    this.timer = undefined;
    const text = this.waiting;
    if (this.closed || text === undefined) return;
    this.waiting = undefined;
    this.sent = text;
    this.sentAt = this.now();
    this.send(text);
  }
}

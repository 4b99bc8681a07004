/**
 * Keeps the newest translation in view while the people at the screen follow the conversation,
 * and leaves them where they are when they scrolled up to read older sentences: then a
 * "New translation ↓" button appears instead, which brings it into view.
 *
 * "Following" means the newest card's translation was in view (or the list was at its end) after
 * the last scroll, whether the person or this page scrolled.
 */

/** How close to the end of the list still counts as "at the end" (px). */
const AT_END_PX = 48;
/** Room left above the translation when a card is taller than the list (px). */
const ABOVE_PX = 8;

export class NewestInView {
  private following = true;

  constructor(
    private readonly list: HTMLElement,
    private readonly offer: HTMLButtonElement,
    /** The element to keep in view in a card: its translation, once there is one. */
    private readonly leadOf: (card: HTMLElement) => HTMLElement | undefined,
  ) {
    // Handlers as properties, not listeners: each conversation's view replaces the last one's.
    list.onscroll = () => this.onScroll();
    offer.onclick = () => {
      this.following = true;
      this.bringIntoView();
      this.offer.hidden = true;
    };
    this.reset();
  }

  /** A new conversation: following, nothing to offer. */
  reset(): void {
    this.following = true;
    this.offer.hidden = true;
  }

  /**
   * After a card was drawn with something new (`news`: a new card, or its translation): brings
   * the newest translation into view while following, otherwise offers to go to it. Other
   * updates (a flag, branch C, the speech) move nothing: someone may be pressing a button there.
   */
  afterRender(news: boolean): void {
    if (!news) return;
    if (this.following) this.bringIntoView();
    else this.offer.hidden = false;
  }

  /**
   * Shows as much of `card` as fits (after its details opened), scrolling down only as far as
   * needed and never so far that its translation goes out at the top.
   */
  reveal(card: HTMLElement): void {
    const { scrollTop, clientHeight } = this.list;
    const listTop = this.list.getBoundingClientRect().top;
    const top = (this.leadOf(card) ?? card).getBoundingClientRect().top - listTop + scrollTop;
    const bottom = card.getBoundingClientRect().bottom - listTop + scrollTop;
    this.list.scrollTop = Math.max(
      0,
      Math.min(top - ABOVE_PX, Math.max(scrollTop, bottom - clientHeight)),
    );
  }

  /**
   * Scrolls to the end of the list, but never so far that the newest translation goes out at the
   * top (a card opened to its details can be taller than the list).
   */
  private bringIntoView(): void {
    const newest = this.list.lastElementChild as HTMLElement | null;
    if (!newest) return;
    const target = this.leadOf(newest) ?? newest;
    const top =
      target.getBoundingClientRect().top -
      this.list.getBoundingClientRect().top +
      this.list.scrollTop;
    const end = this.list.scrollHeight - this.list.clientHeight;
    this.list.scrollTop = Math.max(0, Math.min(end, top - ABOVE_PX));
  }

  private onScroll(): void {
    const { scrollHeight, scrollTop, clientHeight } = this.list;
    this.following = scrollHeight - scrollTop - clientHeight < AT_END_PX || this.newestInView();
    if (this.following) this.offer.hidden = true;
  }

  private newestInView(): boolean {
    const newest = this.list.lastElementChild as HTMLElement | null;
    const target = newest ? (this.leadOf(newest) ?? newest) : undefined;
    if (!target) return true;
    const box = target.getBoundingClientRect();
    const seen = this.list.getBoundingClientRect();
    return box.top >= seen.top - 1 && box.bottom <= seen.bottom + 1;
  }
}

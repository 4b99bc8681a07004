/**
 * Keeps the newest translation in view while the people at the screen follow the conversation,
 * and leaves them where they are when they scrolled up to read older sentences: then a
 * "New translation ↓" button appears instead, which brings it into view.
 *
 * "Following" stops only when the person scrolls the newest translation out of view themselves
 * (scroll-cause.ts), or opens the details of an older card and reads there. The page's own
 * scrolling and the layout's never stop it: the list shrinking as the status box above it grows,
 * or a card growing, between the page's scroll and its scroll event, once left new cards out of
 * sight behind the button though nobody had scrolled. While following, any change of size of the
 * list or of a card brings the newest translation back into view (size-changes.ts).
 */
import { ScrollCause } from './scroll-cause';
import { SizeChanges } from './size-changes';

/** How close to the end of the list still counts as "at the end" (px). */
const AT_END_PX = 48;
/** Room left above the translation when a card is taller than the list (px). */
const ABOVE_PX = 8;

export class NewestInView {
  private following = true;
  private readonly cause: ScrollCause;
  private readonly sizes: SizeChanges;

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
    this.cause = new ScrollCause(list);
    this.sizes = new SizeChanges(list, () => this.onResize());
    this.reset();
  }

  /** A new conversation: following, nothing to offer. */
  reset(): void {
    this.following = true;
    this.offer.hidden = true;
  }

  /** The conversation is over: its list is left alone (the next conversation's view takes it). */
  stop(): void {
    this.cause.stop();
    this.sizes.stop();
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
   * needed and never so far that its translation goes out at the top. Someone who opened an older
   * card's details reads there: unless the newest translation is still in view, the page stops
   * following (and offers the next one instead).
   */
  reveal(card: HTMLElement): void {
    const { scrollTop, clientHeight } = this.list;
    const listTop = this.list.getBoundingClientRect().top;
    const top = (this.leadOf(card) ?? card).getBoundingClientRect().top - listTop + scrollTop;
    const bottom = card.getBoundingClientRect().bottom - listTop + scrollTop;
    this.scrollTo(Math.min(top - ABOVE_PX, Math.max(scrollTop, bottom - clientHeight)));
    this.following = this.newestShown();
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
    this.scrollTo(Math.min(end, top - ABOVE_PX));
  }

  /** The page's own scrolling: its scroll events are not the person's. */
  private scrollTo(top: number): void {
    this.cause.pageScrolls();
    this.list.scrollTop = Math.max(0, top);
  }

  /**
   * Any scroll that shows the newest translation resumes following; only the person's own
   * scrolling stops it.
   */
  private onScroll(): void {
    if (this.newestShown()) {
      this.following = true;
      this.offer.hidden = true;
    } else if (this.cause.byPerson) this.following = false;
  }

  /** The list or a card changed size: the newest translation may have gone out of view. */
  private onResize(): void {
    if (this.following && !this.newestInView()) this.bringIntoView();
  }

  /** The newest translation is in view, or the list is at its end. */
  private newestShown(): boolean {
    const { scrollHeight, scrollTop, clientHeight } = this.list;
    return scrollHeight - scrollTop - clientHeight < AT_END_PX || this.newestInView();
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

/**
 * Whether the scrolling of an element is the person's own: a scroll event carries no cause, and
 * the list also scrolls when the page scrolls it and when the layout moves it (the list shrinking
 * as the status box grows, a card growing). The person's inputs on it tell: the wheel, a touch,
 * a scroll key, or a press (on its scroll bar, or a click before the keys). Their scrolling lasts
 * until the page scrolls the element itself.
 */

/** The keys that scroll a scrollable element, or the element holding the focus. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

export class ScrollCause {
  private byPersonNow = false;
  private readonly listening = new AbortController();

  constructor(element: HTMLElement) {
    const signal = this.listening.signal;
    const person = () => (this.byPersonNow = true);
    // Passive: the browser need not wait for these before it scrolls.
    for (const type of ['wheel', 'touchstart', 'pointerdown'])
      element.addEventListener(type, person, { passive: true, signal });
    element.addEventListener(
      'keydown',
      (event) => {
        if (SCROLL_KEYS.has(event.key)) person();
      },
      { signal },
    );
  }

  /** Whether the scrolling under way is the person's (they scrolled since the page last did). */
  get byPerson(): boolean {
    return this.byPersonNow;
  }

  /** The page scrolls the element itself: the scroll events that follow are not the person's. */
  pageScrolls(): void {
    this.byPersonNow = false;
  }

  /** Stops listening (the element outlives the conversation). */
  stop(): void {
    this.listening.abort();
  }
}

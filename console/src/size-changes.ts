/**
 * Calls back when a list or any of its items changes size: the list when what is around it
 * grows or shrinks (the status box above it), an item when its content changes. Items are
 * watched as they come and go.
 */
export class SizeChanges {
  private readonly sizes: ResizeObserver;
  private readonly items: MutationObserver;

  constructor(list: HTMLElement, changed: () => void) {
    this.sizes = new ResizeObserver(changed);
    this.sizes.observe(list);
    for (const item of list.children) this.sizes.observe(item);
    this.items = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) this.sizes.observe(node);
        for (const node of record.removedNodes)
          if (node instanceof Element) this.sizes.unobserve(node);
      }
    });
    this.items.observe(list, { childList: true });
  }

  stop(): void {
    this.sizes.disconnect();
    this.items.disconnect();
  }
}

/** Small DOM helpers. Text from the service is only ever set as text, never parsed as HTML. */

type Attributes = Record<string, string | number | boolean | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children);
  return element;
}

/** The element of that id, which index.html must have. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html has no #${id}`);
  return element as T;
}

/** Text only a screen reader reads (e.g. which sentence a button acts on). */
export const hiddenText = (text: string) => el('span', { class: 'visually-hidden' }, text);

/** Shows one element of a set, hides the others. */
export function showOnly(visible: HTMLElement, all: HTMLElement[]): void {
  for (const element of all) element.hidden = element !== visible;
}

/**
 * Nodes with a space between each: lines shown as blocks (a phrase in each party's language)
 * still reach a screen reader, and the text of the page, as separate words.
 */
export function spaced(nodes: readonly (Node | string)[]): (Node | string)[] {
  return nodes.flatMap((node, index) => (index === 0 ? [node] : [' ', node]));
}

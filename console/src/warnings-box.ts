/**
 * The warnings under the title (#warnings, filled by the conversation) in a disclosure: open on
 * tablets and larger screens, as before; on phones one line ("⚠ 1 warning: Speech recognition…")
 * that opens with a tap, so that the conversation keeps the screen.
 */
import { byId } from './dom';

/** Phones: as narrow as the media query of styles/small-screens.css that shrinks the header. */
const PHONE = '(max-width: 40rem)';

export function bindWarningsBox(): void {
  const box = byId<HTMLDetailsElement>('warnings-box');
  const summary = byId('warnings-summary');
  const list = byId<HTMLUListElement>('warnings');
  const phone = window.matchMedia(PHONE);

  const fit = () => {
    box.open = !phone.matches;
  };
  const update = () => {
    const items = [...list.children];
    const appearing = box.hidden;
    box.hidden = list.hidden || items.length === 0;
    const count = `${items.length} warning${items.length === 1 ? '' : 's'}`;
    summary.textContent = `⚠ ${count}: ${items[0]?.textContent ?? ''}`;
    // Warnings of a new conversation start collapsed on a phone; a tap left open stays open.
    if (appearing && !box.hidden) fit();
  };
  new MutationObserver(update).observe(list, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
  phone.addEventListener('change', fit);
  update();
  fit();
}

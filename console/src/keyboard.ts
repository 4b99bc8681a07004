/**
 * Keyboard shortcuts of the conversation screen, shown on the page: Space turns the microphone
 * on or off and / goes to the text box, unless a dialog is open or the focus is in a control
 * that uses the key itself: Space presses buttons, links, checkboxes and menus, so it is left to
 * all controls; / is typed only in text fields (and searches a menu's options), so it works from
 * a button too.
 */
export interface Shortcuts {
  toggleMicrophone(): void;
  focusTextBox(): void;
}

/** Controls that use Space themselves. */
const USES_SPACE =
  'input, textarea, select, button, a[href], summary, [contenteditable], dialog[open] *';
/** Controls where / is typed or searched for. */
const USES_SLASH =
  'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"]), textarea, select, [contenteditable], dialog[open] *';

export function bindShortcuts(isActive: () => boolean, shortcuts: Shortcuts): void {
  document.addEventListener('keydown', (event) => {
    if (!isActive() || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    if (document.querySelector('dialog[open]')) return;
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === ' ' && !target?.closest(USES_SPACE)) {
      event.preventDefault();
      shortcuts.toggleMicrophone();
    } else if (event.key === '/' && !target?.closest(USES_SLASH)) {
      event.preventDefault();
      shortcuts.focusTextBox();
    }
  });
}

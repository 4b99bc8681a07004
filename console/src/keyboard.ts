/**
 * Keyboard shortcuts of the conversation screen, shown on the page: Space turns the microphone
 * on or off and / goes to the text box, but only when the focus is not in a control that
 * uses those keys itself (text fields, buttons, menus, links) and no dialog is open.
 */
export interface Shortcuts {
  toggleMicrophone(): void;
  focusTextBox(): void;
}

const OWN_KEYS =
  'input, textarea, select, button, a[href], summary, [contenteditable], dialog[open] *';

export function bindShortcuts(isActive: () => boolean, shortcuts: Shortcuts): void {
  document.addEventListener('keydown', (event) => {
    if (!isActive() || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(OWN_KEYS) || document.querySelector('dialog[open]')) return;
    if (event.key === ' ') {
      event.preventDefault();
      shortcuts.toggleMicrophone();
    } else if (event.key === '/') {
      event.preventDefault();
      shortcuts.focusTextBox();
    }
  });
}

/**
 * The controls of the conversation screen (index.html) and what the conversation shows on them
 * beyond the cards: which can be used now, the microphone button, the conversation's flags and
 * the service's notices. Clinician-facing, so in English (wording.ts).
 */
import type { ConversationFlag } from './conversation-store';
import { byId, el } from './dom';
import { clinicianLang, say } from './i18n/clinician';
import type { Branch, ServerMessage } from './protocol';
import { fillSpeeds } from './start-view';
import type { MicState } from './status-bar';
import { FLAG_LABEL, sentenceName } from './wording';

export const controls = {
  list: byId<HTMLOListElement>('conversation'),
  languages: byId('session-languages'),
  warnings: byId<HTMLUListElement>('warnings'),
  mic: byId<HTMLButtonElement>('mic-button'),
  typeForm: byId<HTMLFormElement>('type-form'),
  typeLabel: byId('type-label'),
  typeText: byId<HTMLTextAreaElement>('type-text'),
  typeRole: byId<HTMLSelectElement>('type-role'),
  typeSend: byId<HTMLButtonElement>('type-send'),
  patientAnswers: byId('patient-answers'),
  autoplay: byId<HTMLInputElement>('autoplay'),
  medicHears: byId<HTMLSelectElement>('medic-hears'),
  patientHears: byId<HTMLSelectElement>('patient-hears'),
  speed: byId<HTMLSelectElement>('speed'),
  speedNote: byId('speed-note'),
  flagConversation: byId<HTMLButtonElement>('conversation-flag'),
  conversationFlags: byId<HTMLUListElement>('conversation-flags'),
  end: byId<HTMLButtonElement>('end-button'),
  notices: byId<HTMLOListElement>('notices'),
  noticeCount: byId('notice-count'),
};

/** A new conversation starts from an empty screen: nothing of the last one stays. */
export function clearControls(speed: number): void {
  controls.list.replaceChildren();
  delete controls.list.dataset.speechReceived;
  delete controls.list.dataset.speechPlayed;
  delete controls.list.dataset.echoCancellation;
  controls.languages.textContent = '';
  controls.warnings.replaceChildren();
  controls.warnings.hidden = true;
  controls.notices.replaceChildren();
  controls.noticeCount.textContent = '';
  controls.conversationFlags.replaceChildren();
  controls.typeText.value = '';
  controls.patientAnswers.replaceChildren();
  controls.patientAnswers.hidden = true;
  controls.speedNote.textContent = '';
  fillSpeeds(controls.speed, speed);
}

/** What needs the live session; the microphone button also needs a microphone. */
export function setControlsEnabled(enabled: boolean, hasMicrophone: boolean): void {
  for (const control of [
    controls.typeText,
    controls.typeRole,
    controls.typeSend,
    controls.speed,
    controls.flagConversation,
    controls.end,
  ]) {
    control.disabled = !enabled;
  }
  for (const button of controls.patientAnswers.querySelectorAll('button'))
    button.disabled = !enabled;
  controls.mic.disabled = !enabled || !hasMicrophone;
}

/** The microphone button says its state, and can be pressed only while live with a microphone. */
export function showMicButton(mic: MicState, live: boolean, hasMicrophone: boolean): void {
  const on = mic === 'on';
  controls.mic.setAttribute('aria-pressed', String(on));
  controls.mic.dataset.state = mic;
  controls.mic.lang = clinicianLang();
  controls.mic.replaceChildren(
    el('span', { class: 'mic-icon', 'aria-hidden': 'true' }, on ? '●' : '○'),
    ` ${say(mic === 'unavailable' ? 'mic.none' : on ? 'mic.on' : 'mic.off')}`,
    el('kbd', {}, 'Space'),
  );
  controls.mic.disabled = !live || !hasMicrophone;
}

/** What the service confirmed of the controls: the speed, a flag on the whole conversation. */
export function showConfirmed(message: ServerMessage, flags: readonly ConversationFlag[]): void {
  if (message.type === 'speed_updated') {
    controls.speedNote.textContent = `Speed ${message.speed}×, from the next sentence.`;
    controls.speed.value = String(message.speed);
  } else if (message.type === 'flag_ack') showConversationFlags(flags);
}

/** The branch the patient hears (the select "The patient hears"). */
export function patientHears(): Branch {
  return controls.patientHears.value === 'B' ? 'B' : 'A';
}

function showConversationFlags(flags: readonly ConversationFlag[]): void {
  controls.conversationFlags.replaceChildren(
    ...flags.map((flag) =>
      el(
        'li',
        { 'data-flag-id': flag.flagId },
        `⚑ ${FLAG_LABEL[flag.flagType]}`,
        flag.note ? ` — ${flag.note}` : '',
      ),
    ),
  );
}

/** Adds a notice of the service to the list and returns its words, for the status line. */
export function addNotice(service: string, message: string, sentenceId?: string): string {
  const where = sentenceId ? ` (${sentenceName(sentenceId)})` : '';
  controls.notices.append(el('li', { 'data-service': service }, `${service}${where}: ${message}`));
  controls.noticeCount.textContent = `(${controls.notices.children.length})`;
  return `${service}${where}: ${message}`;
}

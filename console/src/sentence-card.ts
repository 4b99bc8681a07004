/**
 * The DOM of one sentence card, built once (conversation-view.ts updates it in place, so that
 * keyboard focus on its buttons survives updates): the translation first and largest, who spoke
 * and what was said under it, the rest in a disclosure one tap away.
 */
import { el, hiddenText } from './dom';
import { say } from './i18n/clinician';
import type { Branch, Role } from './protocol';
import { REPLAY_LABEL } from './replay-labels';
import { sentenceName } from './wording';

/** What the buttons of a card ask of the conversation. */
export interface SentenceActions {
  replay(sentenceId: string, branch: Branch): void;
  flag(sentenceId: string): void;
  correct(sentenceId: string, role: Role): void;
  branchC(sentenceId: string): void;
  /** The clinician chose one of the phrases offered when none said the sentence (issue 32). */
  choose(sentenceId: string, phraseId: string): void;
  /** The patient tapped an answer under the sentence's question (issue 32). */
  answer(sentenceId: string, option: { id: string; text: string }): void;
}

/** The elements of a card that its filler (sentence-card-fill.ts) updates. */
export interface Card {
  root: HTMLLIElement;
  /** What its buttons ask of the conversation (the suggestions and answers are built later). */
  on: SentenceActions;
  badge: HTMLElement;
  meta: HTMLElement;
  revision: HTMLElement;
  original: HTMLElement;
  doubt: HTMLElement;
  /** What both parties must know of this sentence, each in their language (not played, …). */
  notice: HTMLElement;
  status: HTMLElement;
  /** For the clinician only: not sent, no fixed phrase says it; the phrases to choose from. */
  suggestions: HTMLElement;
  a: HTMLElement;
  /** Under the question, for the patient: the answers to tap (issue 32). */
  answers: HTMLElement;
  aLabel: HTMLElement;
  aText: HTMLElement;
  /** What the translation is: "Machine translation", in the listener's language (on the summary). */
  origin: HTMLElement;
  /** The fixed phrase as the service understood it, in the speaker's language (issue 31, item 4). */
  understood: HTMLElement;
  check: HTMLElement;
  more: HTMLDetailsElement;
  aCheck: HTMLElement;
  fidelity: HTMLElement;
  untranslated: HTMLElement;
  back: HTMLElement;
  b: HTMLElement;
  bLabel: HTMLElement;
  bText: HTMLElement;
  c: HTMLElement;
  cLabel: HTMLElement;
  cText: HTMLElement;
  speech: HTMLElement;
  flags: HTMLUListElement;
  errors: HTMLUListElement;
  actions: HTMLElement;
  replayA: HTMLButtonElement;
  replayB: HTMLButtonElement;
  flag: HTMLButtonElement;
  toMedic: HTMLButtonElement;
  toPatient: HTMLButtonElement;
  branchC: HTMLButtonElement;
}

/** Builds the card of a sentence; `onOpen` runs when its details are opened. */
export function createCard(
  id: string,
  on: SentenceActions,
  onOpen: (root: HTMLLIElement) => void,
): Card {
  const button = (label: string, onClick: () => void, extra?: string) => {
    const b = el('button', { class: 'button button--small', type: 'button' }, label);
    if (extra) b.append(hiddenText(extra));
    b.addEventListener('click', onClick);
    return b;
  };
  const of = ` (${sentenceName(id)})`;
  const badge = el('span', { class: 'badge' });
  const meta = el('span', { class: 'sentence__meta' });
  const revision = el('span', { class: 'sentence__revision', hidden: true });
  const original = el('p', { class: 'sentence__original' });
  const doubt = el('p', { class: 'sentence__doubt', hidden: true });
  const notice = el('p', { class: 'sentence__notice', role: 'note', hidden: true });
  const status = el('p', { class: 'sentence__status', hidden: true });
  const suggestions = el('section', { class: 'suggestions', hidden: true });
  const answers = el('div', { class: 'answers', role: 'group', hidden: true });
  const aLabel = el('p', { class: 'branch__label' });
  const aText = el('p', { class: 'branch__text' });
  // On the disclosure's line, where a card has room: what the translation is.
  const origin = el('span', { class: 'branch__origin' });
  const check = el('p', { class: 'fidelity-alert', hidden: true });
  const understood = el('p', { class: 'understood-as', hidden: true });
  const fidelity = el('p', { class: 'fidelity', hidden: true });
  const back = el('p', { class: 'back-translation', hidden: true });
  const untranslated = el('p', { class: 'untranslated', hidden: true });
  const bLabel = el('p', { class: 'branch__label' });
  const bText = el('p', { class: 'branch__text' });
  const b = el('section', { class: 'branch branch--b', hidden: true }, bLabel, bText);
  const cLabel = el('p', { class: 'branch__label' });
  const cText = el('p', { class: 'branch__text' });
  const c = el('section', { class: 'branch branch--c', hidden: true }, cLabel, cText);
  const speech = el('p', { class: 'sentence__speech', hidden: true });
  const flags = el('ul', { class: 'sentence__flags', hidden: true });
  const errors = el('ul', { class: 'sentence__errors', hidden: true });
  // Beside the translation, where it fits: ▶ alone, its name for screen readers.
  const replayA = button('▶', () => on.replay(id, 'A'), ` ${REPLAY_LABEL.A}${of}`);
  replayA.classList.add('branch__play');
  const a = el(
    'section',
    { class: 'branch branch--a', hidden: true },
    el('div', { class: 'branch__lead' }, aText, replayA),
    answers,
    understood,
    untranslated,
    check,
  );
  const replayB = button(`▶ ${REPLAY_LABEL.B}`, () => on.replay(id, 'B'), of);
  const flag = button(say('card.flag'), () => on.flag(id), of);
  const toMedic = button(say('card.toMedic'), () => on.correct(id, 'medic'), of);
  const toPatient = button(say('card.toPatient'), () => on.correct(id, 'patient'), of);
  const branchC = button('', () => on.branchC(id));
  replayA.dataset.action = 'replay-a';
  replayB.dataset.action = 'replay-b';
  flag.dataset.action = 'flag';
  toMedic.dataset.action = 'correct-medic';
  toPatient.dataset.action = 'correct-patient';
  branchC.dataset.action = 'branch-c';
  const actions = el(
    'div',
    { class: 'sentence__actions', role: 'group', 'aria-label': `Actions on ${sentenceName(id)}` },
    replayB,
    flag,
    toMedic,
    toPatient,
    branchC,
  );
  const aCheck = el('section', { class: 'branch branch--a-check' }, aLabel, fidelity, back);
  const more = el(
    'details',
    { class: 'sentence__more' },
    el('summary', {}, origin, meta, ` · ${say('card.details')}`),
    aCheck,
    b,
    c,
    speech,
    flags,
    actions,
  );
  const root = el(
    'li',
    { class: 'sentence', 'data-sentence-id': id, 'data-number': id.replace(/^s/, '') },
    // Shown only on a sentence not to be taken as said: then it comes first, before its
    // translation (issue 30, items 2 and 3).
    notice,
    suggestions,
    a,
    el('div', { class: 'sentence__head' }, badge, original),
    doubt,
    revision,
    status,
    errors,
    more,
  );
  // Opened, its details come into view (as far as its translation allows).
  more.addEventListener('toggle', () => {
    if (more.open) onOpen(root);
  });
  return {
    root,
    on,
    badge,
    meta,
    revision,
    original,
    doubt,
    notice,
    status,
    suggestions,
    a,
    answers,
    aLabel,
    aText,
    origin,
    understood,
    check,
    more,
    aCheck,
    fidelity,
    back,
    untranslated,
    b,
    bLabel,
    bText,
    c,
    cLabel,
    cText,
    speech,
    flags,
    errors,
    actions,
    replayA,
    replayB,
    flag,
    toMedic,
    toPatient,
    branchC,
  };
}

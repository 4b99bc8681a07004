/**
 * The conversation as cards, one per sentence (by `sentence_id`, in the order spoken): the role
 * badge, what was said, the literal translation (branch A) with its fidelity, the
 * reformulation (branch B, labelled so), branch C, the speech, flags, errors, and the actions.
 * A card is built once and updated in place, so keyboard focus on its buttons survives updates;
 * a newer revision replaces the older one in view.
 */
import type { SentenceState } from './conversation-store';
import { isPending } from './conversation-store';
import { el, hiddenText } from './dom';
import { otherRole, type Branch, type Role } from './protocol';
import type { SpeechState } from './speech-player';
import {
  BRANCH_C_SKIPPED,
  FLAG_LABEL,
  LOW_CONFIDENCE_WORDING,
  ROLE_LABEL,
  fidelityWording,
  languageName,
  reformulationLabel,
  sentenceName,
  untranslatedWording,
} from './wording';

export interface SentenceActions {
  replay(sentenceId: string, branch: Branch): void;
  flag(sentenceId: string): void;
  correct(sentenceId: string, role: Role): void;
  branchC(sentenceId: string): void;
}

interface Card {
  root: HTMLLIElement;
  badge: HTMLElement;
  meta: HTMLElement;
  revision: HTMLElement;
  original: HTMLElement;
  doubt: HTMLElement;
  status: HTMLElement;
  a: HTMLElement;
  aLabel: HTMLElement;
  aText: HTMLElement;
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

const SPEECH_TEXT: Record<SpeechState, string> = {
  playing: '▶ Playing',
  played: '✓ Played',
  stopped: '■ Stopped',
  interrupted: '■ Interrupted so that someone could speak: press ▶ to hear it',
  failed: '⚠ Could not be played',
  blocked: '⚠ The browser blocked the sound: press ▶ to play',
};

export class ConversationView {
  private readonly cards = new Map<string, Card>();

  constructor(
    private readonly list: HTMLOListElement,
    private readonly actions: SentenceActions,
  ) {}

  clear(): void {
    this.cards.clear();
    this.list.replaceChildren();
  }

  /** Updates (or creates) the card of a sentence. */
  render(sentence: SentenceState, playable: (branch: Branch) => boolean, ending: boolean): void {
    const nearBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 120;
    let card = this.cards.get(sentence.id);
    if (!card) {
      card = this.createCard(sentence.id);
      this.cards.set(sentence.id, card);
      this.insert(card.root, sentence.number);
    }
    this.fill(card, sentence, playable, ending);
    // Follow the conversation, unless someone scrolled up to read.
    if (nearBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  /** The state of the speech of one branch of a sentence (auto-play or replay). */
  speechState(sentenceId: string, branch: Branch, state: SpeechState): void {
    const card = this.cards.get(sentenceId);
    if (!card) return;
    const which = branch === 'A' ? 'translation' : 'reformulation';
    card.speech.textContent = `Speech of the ${which}: ${SPEECH_TEXT[state]}`;
    card.speech.hidden = false;
    card.speech.dataset.speechState = state;
    card.speech.dataset.speechBranch = branch;
    card.root.dataset.speech = state;
  }

  private insert(item: HTMLLIElement, number: number): void {
    const after = [...this.list.children].find(
      (child) => Number((child as HTMLElement).dataset.number) > number,
    );
    this.list.insertBefore(item, after ?? null);
  }

  private createCard(id: string): Card {
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
    const status = el('p', { class: 'sentence__status', hidden: true });
    const aLabel = el('p', { class: 'branch__label' });
    const aText = el('p', { class: 'branch__text' });
    const fidelity = el('p', { class: 'fidelity', hidden: true });
    const back = el('p', { class: 'back-translation', hidden: true });
    const untranslated = el('p', { class: 'untranslated', hidden: true });
    const a = el(
      'section',
      { class: 'branch branch--a', hidden: true },
      aLabel,
      aText,
      untranslated,
      fidelity,
      back,
    );
    const bLabel = el('p', { class: 'branch__label' });
    const bText = el('p', { class: 'branch__text' });
    const b = el('section', { class: 'branch branch--b', hidden: true }, bLabel, bText);
    const cLabel = el('p', { class: 'branch__label' });
    const cText = el('p', { class: 'branch__text' });
    const c = el('section', { class: 'branch branch--c', hidden: true }, cLabel, cText);
    const speech = el('p', { class: 'sentence__speech', hidden: true });
    const flags = el('ul', { class: 'sentence__flags', hidden: true });
    const errors = el('ul', { class: 'sentence__errors', hidden: true });
    const replayA = button('▶ Translation', () => this.actions.replay(id, 'A'), of);
    const replayB = button('▶ Reformulation', () => this.actions.replay(id, 'B'), of);
    const flag = button('Flag…', () => this.actions.flag(id), of);
    const toMedic = button('Speaker was the medic', () => this.actions.correct(id, 'medic'), of);
    const toPatient = button(
      'Speaker was the patient',
      () => this.actions.correct(id, 'patient'),
      of,
    );
    const branchC = button('', () => this.actions.branchC(id));
    replayA.dataset.action = 'replay-a';
    replayB.dataset.action = 'replay-b';
    flag.dataset.action = 'flag';
    toMedic.dataset.action = 'correct-medic';
    toPatient.dataset.action = 'correct-patient';
    branchC.dataset.action = 'branch-c';
    const actions = el(
      'div',
      { class: 'sentence__actions', role: 'group', 'aria-label': `Actions on ${sentenceName(id)}` },
      replayA,
      replayB,
      flag,
      toMedic,
      toPatient,
      branchC,
    );
    const root = el(
      'li',
      { class: 'sentence', 'data-sentence-id': id, 'data-number': id.replace(/^s/, '') },
      el('div', { class: 'sentence__head' }, badge, meta, revision),
      original,
      doubt,
      status,
      a,
      b,
      c,
      speech,
      flags,
      errors,
      actions,
    );
    return {
      root,
      badge,
      meta,
      revision,
      original,
      doubt,
      status,
      a,
      aLabel,
      aText,
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

  private fill(
    card: Card,
    s: SentenceState,
    playable: (branch: Branch) => boolean,
    ending: boolean,
  ): void {
    const role = s.role ?? 'unknown';
    const data = card.root.dataset;
    data.role = s.role ?? '';
    data.revision = String(s.revision);
    data.source = s.source ?? '';
    data.pending = String(isPending(s));

    card.badge.textContent = s.role ? ROLE_LABEL[role] : '…';
    card.badge.className = `badge badge--${role}`;
    const how = s.source === 'text' ? 'typed' : s.source === 'audio' ? 'spoken' : '';
    const name = sentenceName(s.id);
    card.meta.textContent = [
      name.charAt(0).toUpperCase() + name.slice(1),
      how,
      s.language ? languageName(s.language) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    if (s.corrected || s.correcting) {
      card.revision.hidden = false;
      card.revision.textContent = s.correcting
        ? `Speaker corrected to ${ROLE_LABEL[s.correcting.to].toLowerCase()}: translating again…`
        : `Speaker corrected from ${ROLE_LABEL[s.corrected!.from].toLowerCase()} to ${ROLE_LABEL[s.corrected!.to].toLowerCase()}: translated again`;
    }

    if (s.text !== undefined) {
      card.original.textContent = s.text;
      card.original.lang = s.language ?? '';
      card.doubt.hidden = !s.lowConfidence;
      card.doubt.textContent = s.lowConfidence ? LOW_CONFIDENCE_WORDING : '';
    } else if (s.empty) {
      card.original.textContent = 'Speech was heard, but no words were recognized.';
      card.root.classList.add('sentence--empty');
    }

    const status = statusOf(s);
    card.status.hidden = !status;
    card.status.textContent = status ?? '';

    const t = s.translation;
    card.a.hidden = !t;
    if (t) {
      card.aLabel.textContent = `Translation into ${languageName(t.target_language)} (literal)`;
      card.aText.textContent = t.text;
      card.aText.lang = t.target_language;
      const notTranslated = untranslatedWording(t.untranslated_words ?? []);
      card.untranslated.hidden = !notTranslated;
      card.untranslated.textContent = notTranslated ?? '';
      const stale = t.revision < s.revision;
      card.a.classList.toggle('branch--stale', stale);
      if (t.fidelity !== undefined && t.back_translation !== undefined) {
        const f = fidelityWording(t.fidelity, s.text ?? '');
        card.fidelity.hidden = false;
        card.fidelity.className = `fidelity fidelity--${f.level}`;
        card.fidelity.dataset.fidelity = String(t.fidelity);
        card.fidelity.title = `Fidelity ${f.percent}: ${f.meaning}.`;
        card.fidelity.replaceChildren(
          el(
            'span',
            { class: 'fidelity__icon', 'aria-hidden': 'true' },
            f.level === 'close' ? '✓' : '⚠',
          ),
          ` Fidelity ${f.percent}: `,
          el('strong', {}, f.verdict),
          ` — ${f.meaning}`,
          f.caveat ? ` (${f.caveat})` : '',
        );
        card.back.hidden = false;
        card.back.replaceChildren(
          `Back into ${languageName(t.source_language)}: `,
          el('q', { lang: t.source_language }, t.back_translation),
        );
      } else {
        card.fidelity.hidden = false;
        card.fidelity.className = 'fidelity';
        card.fidelity.textContent = 'No fidelity check for this translation (no back-translation).';
        card.back.hidden = true;
      }
    }

    const r = s.reformulation;
    card.b.hidden = !r;
    if (r) {
      const listener = role === 'medic' ? 'patient' : 'medic';
      const { label, same } = reformulationLabel(listener, r.language, r.text, t?.text);
      card.bLabel.textContent = label;
      card.b.dataset.same = String(same);
      card.bText.textContent = r.text;
      card.bText.lang = r.language;
      // The same words as the literal translation just above: not shown twice.
      card.bText.hidden = same;
      card.b.classList.toggle('branch--stale', r.revision < s.revision);
    }

    const c = s.branchC;
    card.c.hidden = !c;
    if (c) {
      const assumed =
        c.kind === 'result'
          ? c.result.assumed_role
          : role === 'unknown'
            ? undefined
            : otherRole(role);
      card.cLabel.textContent = `As if ${assumed ? `the ${assumed}` : 'the other person'} had said it`;
      card.c.dataset.state = c.kind;
      if (c.kind === 'pending') card.cText.textContent = 'Translating…';
      else if (c.kind === 'failed') card.cText.textContent = 'The translation failed.';
      else if (c.kind === 'skipped')
        card.cText.textContent = BRANCH_C_SKIPPED[c.reason] ?? 'not done';
      else {
        card.cLabel.textContent += ` (${languageName(c.result.source_language)} → ${languageName(c.result.target_language)})`;
        card.cText.textContent = c.result.text;
        card.cText.lang = c.result.target_language;
      }
    }

    card.flags.hidden = s.flags.length === 0;
    card.flags.replaceChildren(
      ...s.flags.map((flag) =>
        el(
          'li',
          { 'data-flag-id': flag.flagId },
          el('span', { 'aria-hidden': 'true' }, '⚑ '),
          `Flagged: ${FLAG_LABEL[flag.flagType]}`,
          flag.note ? ` — ${flag.note}` : '',
        ),
      ),
    );
    card.errors.hidden = s.errors.length === 0;
    card.errors.replaceChildren(
      ...s.errors.map((error) => el('li', {}, `⚠ ${error.service}: ${error.message}`)),
    );

    // Actions: only what makes sense now.
    const hasText = s.text !== undefined && !s.empty;
    card.actions.hidden = !hasText;
    card.replayA.hidden = !playable('A');
    card.replayB.hidden = !playable('B');
    const busy = ending || Boolean(s.correcting);
    for (const button of [card.flag, card.toMedic, card.toPatient, card.branchC])
      button.disabled = ending;
    card.toMedic.hidden = role === 'medic';
    card.toPatient.hidden = role === 'patient';
    card.toMedic.disabled = card.toPatient.disabled = busy;
    const cTarget = role === 'unknown' ? 'the other person' : `the ${otherRole(role)}`;
    card.branchC.replaceChildren(
      `Translate as if said by ${cTarget}`,
      hiddenText(` (${sentenceName(s.id)})`),
    );
    card.branchC.disabled = ending || c?.kind === 'pending';
  }
}

/** What the sentence is waiting for, or why nothing more will come; undefined when done. */
function statusOf(s: SentenceState): string | undefined {
  if (s.empty) return undefined;
  if (s.failed.recognition) return 'Recognition failed.';
  if (s.failed.translation) return 'The translation failed.';
  if (s.text === undefined) return 'Recognizing…';
  if (!s.translation || s.translation.revision < s.revision) return 'Translating…';
  if (!s.speech.A && !s.failed.A && !s.speech.B) return 'Preparing the speech…';
  return undefined;
}

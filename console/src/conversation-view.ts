/**
 * The conversation as cards, one per sentence (by `sentence_id`, in the order spoken). First and
 * largest, the literal translation (branch A) for the listener, with its ▶ and the warnings a
 * listener must not miss (check this, not translated); under it, smaller, who spoke and what was
 * said. The rest is one tap away in a disclosure: the fidelity and back-translation, the
 * reformulation (branch B, labelled so), branch C, the speech, flags and the actions.
 * A card is built once and updated in place, so keyboard focus on its buttons survives updates;
 * a newer revision replaces the older one in view.
 */
import type { SentenceState } from './conversation-store';
import { isPending } from './conversation-store';
import { byId, el, hiddenText } from './dom';
import type { Parties } from './i18n/both-parties';
import { phrase } from './i18n/phrasebook';
import { NewestInView } from './newest-in-view';
import { listenerOf, otherRole, type Branch, type Role } from './protocol';
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

const SPEECH_TEXT: Record<SpeechState, string> = {
  playing: '▶ Playing',
  played: '✓ Played',
  stopped: '■ Stopped',
  interrupted: '■ Interrupted so that someone could speak: press ▶ to hear it',
  failed: '⚠ Could not be played',
  blocked: '⚠ The browser blocked the sound: press ▶ to play',
};

/** The clinician's label of each ▶ button (what it plays), in English. */
const REPLAY_LABEL: Record<Branch, string> = { A: 'Translation', B: 'Reformulation' };

export class ConversationView {
  private readonly cards = new Map<string, Card>();
  /** The parties' languages: the patient's ▶ is labelled in the patient's. */
  private parties?: Parties;
  /** The branch the patient hears (the select "The patient hears"): the patient's ▶ plays it. */
  private patientBranch: Branch = 'A';
  private readonly newest: NewestInView;

  constructor(
    private readonly list: HTMLOListElement,
    private readonly actions: SentenceActions,
  ) {
    this.newest = new NewestInView(list, byId<HTMLButtonElement>('new-translation'), (root) => {
      const lead = root.querySelector<HTMLElement>('.branch--a');
      return lead && !lead.hidden ? lead : undefined;
    });
  }

  clear(): void {
    this.cards.clear();
    this.list.replaceChildren();
    this.newest.reset();
  }

  setParties(parties: Parties): void {
    this.parties = parties;
  }

  setPatientBranch(branch: Branch): void {
    this.patientBranch = branch;
  }

  /**
   * A ▶ button's label. The one the patient presses (a sentence said to the patient, the branch
   * the patient hears) says "Play again" in the patient's language, with what it plays in English
   * under it for the clinician; its accessible name keeps the English ("▶ Volver a escuchar
   * Translation (sentence 2)"). Any other ▶, or one for a patient whose language the page has no
   * words for, reads as before: "▶ Translation".
   */
  private labelReplay(button: HTMLButtonElement, branch: Branch, s: SentenceState): void {
    const forPatient =
      this.parties !== undefined &&
      listenerOf(s.role) === 'patient' &&
      branch === this.patientBranch;
    const own = forPatient ? phrase(this.parties!.patient, 'play.again') : undefined;
    const patient = own && !own.fallback ? own : undefined;
    const label = patient ? `patient ${patient.lang}` : 'clinician';
    if (button.dataset.label === label) return;
    button.dataset.label = label;
    button.classList.toggle('button--patient', patient !== undefined);
    const of = hiddenText(` (${sentenceName(s.id)})`);
    if (!patient) {
      // The translation's ▶ sits beside it, alone; its name is for screen readers.
      if (branch === 'A') button.replaceChildren('▶', hiddenText(` ${REPLAY_LABEL.A}`), of);
      else button.replaceChildren(`▶ ${REPLAY_LABEL[branch]}`, of);
      return;
    }
    const words = el(
      'span',
      { class: 'replay__phrase', lang: patient.lang, dir: patient.dir },
      patient.text,
    );
    // The translation's ▶ sits beside it: the patient's words under the ▶, small, and what it
    // plays for screen readers only, so that the translation keeps the card's width.
    const detail =
      branch === 'A'
        ? hiddenText(` ${REPLAY_LABEL[branch]}`)
        : el('span', { class: 'button__detail', lang: 'en', dir: 'ltr' }, REPLAY_LABEL[branch]);
    button.replaceChildren('▶ ', words, branch === 'A' ? '' : ' ', detail, of);
  }

  /** Updates (or creates) the card of a sentence. */
  render(sentence: SentenceState, playable: (branch: Branch) => boolean, ending: boolean): void {
    let card = this.cards.get(sentence.id);
    const created = !card;
    if (!card) {
      card = this.createCard(sentence.id);
      this.cards.set(sentence.id, card);
      this.insert(card.root, sentence.number);
    }
    const translated = card.aText.textContent;
    this.fill(card, sentence, playable, ending);
    // Follow the conversation, unless someone scrolled up to read: then offer what is new.
    this.newest.afterRender(created || card.aText.textContent !== translated);
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
    const check = el('p', { class: 'fidelity-alert', hidden: true });
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
    const replayA = button('▶', () => this.actions.replay(id, 'A'), ` ${REPLAY_LABEL.A}${of}`);
    replayA.classList.add('branch__play');
    const a = el(
      'section',
      { class: 'branch branch--a', hidden: true },
      el('div', { class: 'branch__lead' }, aText, replayA),
      untranslated,
      check,
    );
    const replayB = button(`▶ ${REPLAY_LABEL.B}`, () => this.actions.replay(id, 'B'), of);
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
      el('summary', {}, meta, ' · details'),
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
      if (more.open) this.newest.reveal(root);
    });
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
      card.more.hidden = true;
    }

    const status = statusOf(s);
    card.status.hidden = !status;
    card.status.textContent = status ?? '';

    const t = s.translation;
    card.a.hidden = card.aCheck.hidden = !t;
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
        // Where the listener reads the translation: a doubtful one says so without a tap.
        card.check.hidden = f.level !== 'check';
        card.check.textContent = `⚠ Fidelity ${f.percent}: ${f.verdict}${f.caveat ? ` (${f.caveat})` : ''}. Ask again or rephrase.`;
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
        card.check.hidden = true;
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
    this.labelReplay(card.replayA, 'A', s);
    this.labelReplay(card.replayB, 'B', s);
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

/**
 * Fills a sentence card (sentence-card.ts) from the sentence's state, part by part: the head
 * (who spoke, what was said, what it waits for), the literal translation (branch A), the
 * reformulation (branch B), branch C, the flags and errors, and the actions that make sense now.
 */
import type { SentenceState } from './conversation-store';
import { isPending } from './conversation-store';
import { el, hiddenText } from './dom';
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import { clinicianLang, say } from './i18n/clinician';
import { phrase, type PhraseKey } from './i18n/phrasebook';
import { otherRole, type Branch, type Role } from './protocol';
import { labelReplay, type ReplayAudience } from './replay-labels';
import type { Card } from './sentence-card';
import { fillAnswers, fillSuggestions } from './sentence-card-taps';
import {
  BRANCH_C_SKIPPED,
  FLAG_LABEL,
  clinicianLanguageName,
  LOW_CONFIDENCE_WORDING,
  PATIENT_TURN_WORDING,
  ROLE_LABEL,
  fidelityWording,
  languageName,
  outsideLanguageWording,
  reformulationLabel,
  sentenceName,
  untranslatedWording,
} from './wording';

/** Updates every part of a card to the sentence's state, in the order the card shows them. */
export function fillCard(
  card: Card,
  s: SentenceState,
  playable: (branch: Branch) => boolean,
  ending: boolean,
  audience: ReplayAudience,
  voiceless: ReadonlySet<string> = new Set(),
): void {
  const role = s.role ?? 'unknown';
  fillHead(card, s, role, voiceless);
  fillNotice(card, s, audience.parties);
  fillSuggestions(card, s, ending);
  fillTranslation(card, s);
  fillAnswers(card, s, audience.parties, ending);
  fillReformulation(card, s, role);
  fillBranchC(card, s, role);
  fillFlagsAndErrors(card, s);
  fillActions(card, s, role, playable, ending, audience);
}

/** Who spoke, how, what was said, and what the sentence waits for. */
function fillHead(
  card: Card,
  s: SentenceState,
  role: Role | 'unknown',
  voiceless: ReadonlySet<string>,
): void {
  const data = card.root.dataset;
  data.role = s.role ?? '';
  data.revision = String(s.revision);
  data.source = s.source ?? '';
  data.pending = String(isPending(s, voiceless));

  // Heard in the patient's turn, it is not shown as the medic's (issue 30, item 2).
  const shownRole = s.heardInPatientTurn ? 'unknown' : role;
  card.badge.textContent = s.role ? ROLE_LABEL[shownRole] : '…';
  card.badge.className = `badge badge--${shownRole}`;
  // A patient's answer tapped on the screen reaches the clinician as the phrase `answer.<id>`.
  const tapped = s.role === 'patient' && s.translation?.phrase_id?.startsWith('answer.');
  const how = tapped
    ? say('patient.byTouch')
    : s.source === 'text'
      ? say('card.typed')
      : s.source === 'audio'
        ? say('card.spoken')
        : '';
  data.answer = tapped ? 'touch' : '';
  const name = sentenceName(s.id);
  card.meta.textContent = [
    name.charAt(0).toUpperCase() + name.slice(1),
    how,
    s.language ? clinicianLanguageName(s.language) : '',
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
    const doubt = s.notTranslated
      ? notTranslatedWording(s.notTranslated)
      : s.heardInPatientTurn
        ? PATIENT_TURN_WORDING
        : s.lowConfidence
          ? LOW_CONFIDENCE_WORDING
          : '';
    card.doubt.hidden = !doubt;
    card.doubt.textContent = doubt;
  } else if (s.empty) {
    card.original.textContent = 'Speech was heard, but no words were recognized.';
    card.root.classList.add('sentence--empty');
    card.more.hidden = true;
  }

  const status = statusOf(s, voiceless);
  card.status.hidden = !status;
  card.status.textContent = status ?? '';
}

/** Why a sentence was not translated, for the clinician (the suggestions say it for theirs). */
function notTranslatedWording(n: NonNullable<SentenceState['notTranslated']>): string {
  if (n.reason === 'no_fixed_phrase') return '';
  if (n.reason === 'language_not_translated')
    return say('patient.notTranslated', { language: clinicianLanguageName(n.language) });
  return outsideLanguageWording(n.language);
}

/** The phrase both parties must read on a sentence that is not to be taken as said, if any. */
function noticeOf(s: SentenceState): PhraseKey | undefined {
  // Issue 32's reasons are the clinician's to read (the suggestions, the patient's text).
  if (s.notTranslated?.reason === 'language_outside_session') return 'sentence.otherLanguage';
  if (s.notTranslated) return undefined;
  if (s.heardInPatientTurn) return 'speech.typeInstead';
  if (s.lowConfidence) return 'speech.unsure';
  return undefined;
}

/**
 * A sentence in neither party's language, heard in a patient's turn the recognizer cannot hear,
 * or perhaps misheard: both parties read why, each in their language, and its translation (if
 * any) is shown small, never as the card's lead (issue 30, items 2 and 3).
 */
function fillNotice(card: Card, s: SentenceState, parties: Parties | undefined): void {
  const key = noticeOf(s);
  card.root.classList.toggle('sentence--quiet', key !== undefined || s.notTranslated !== undefined);
  card.notice.hidden = !key || !parties;
  if (key && parties && card.notice.dataset.key !== key) {
    card.notice.dataset.key = key;
    card.notice.replaceChildren(...bothPartiesElements(parties, key));
  }
}

/** Branch A, the literal translation, with its fidelity check and back-translation. */
function fillTranslation(card: Card, s: SentenceState): void {
  const t = s.notTranslated ? undefined : s.translation;
  card.a.hidden = card.aCheck.hidden = card.origin.hidden = !t;
  if (t) {
    const fixed = t.origin === 'phrasebook';
    const target = clinicianLanguageName(t.target_language);
    // Plainly, for the clinician: a phrase written in advance, or the machine's, to be checked.
    card.aLabel.textContent = fixed
      ? t.reviewed_by
        ? say('card.fixedReviewed', { language: target, reviewer: t.reviewed_by })
        : say('card.fixedUnreviewed', { language: target })
      : say('card.machine', { language: target });
    card.a.dataset.origin = fixed ? 'phrasebook' : 'machine';
    card.a.dataset.chosen = String(t.chosen === true);
    card.aText.textContent = t.text;
    card.aText.lang = t.target_language;
    // What it is, in the listener's language: never presented as checked (issue 30, item 1).
    const origin = phrase(t.target_language, fixed ? 'translation.fixed' : 'translation.machine');
    card.origin.textContent = origin.text;
    card.origin.lang = origin.lang;
    card.origin.dir = origin.dir;
    // What the service understood, when it is not word for word what was said.
    // A phrase the clinician chose among the suggestions says so, with its words (issue 32).
    const understood =
      fixed && t.understood_as && (t.chosen || !sameWords(t.understood_as, s.text ?? ''));
    card.understood.hidden = !understood;
    if (understood) {
      card.understood.lang = clinicianLang();
      card.understood.replaceChildren(
        ...(t.chosen ? [say('card.chosen'), ' '] : []),
        `${say('card.understoodAs')} `,
        el('q', { lang: t.source_language }, t.understood_as ?? ''),
      );
    }
    const notTranslated = untranslatedWording(t.untranslated_words ?? []);
    card.untranslated.hidden = !notTranslated;
    card.untranslated.textContent = notTranslated ?? '';
    const stale = t.revision < s.revision;
    card.a.classList.toggle('branch--stale', stale);
    if (t.fidelity !== undefined && t.back_translation !== undefined) {
      const f = fidelityWording(t.fidelity);
      card.fidelity.hidden = false;
      card.fidelity.className = `fidelity fidelity--${f.level}`;
      card.fidelity.dataset.fidelity = String(t.fidelity);
      card.fidelity.textContent = f.detail;
      // Where the listener reads the translation: a warning says so without a tap; nothing
      // is said of one the checks found no fault with.
      card.check.hidden = !f.alert;
      card.check.textContent = f.alert ?? '';
      card.back.hidden = false;
      card.back.replaceChildren(
        `Back into ${languageName(t.source_language)} by the same engine: `,
        el('q', { lang: t.source_language }, t.back_translation),
      );
    } else {
      card.fidelity.hidden = false;
      card.fidelity.className = 'fidelity';
      card.fidelity.textContent = fixed
        ? `Fixed phrase ${t.phrase_id ?? ''}: written in advance, so there is no machine translation to check.`
        : 'No fidelity check for this translation (no back-translation).';
      card.back.hidden = true;
      card.check.hidden = true;
    }
  }
}

/** Branch B, the reformulation for the listener (not repeated when it says the same). */
function fillReformulation(card: Card, s: SentenceState, role: Role | 'unknown'): void {
  const r = s.reformulation;
  card.b.hidden = !r;
  if (r) {
    const listener = role === 'medic' ? 'patient' : 'medic';
    const { label, same } = reformulationLabel(listener, r.language, r.text, s.translation?.text);
    card.bLabel.textContent = label;
    card.b.dataset.same = String(same);
    card.bText.textContent = r.text;
    card.bText.lang = r.language;
    // The same words as the literal translation just above: not shown twice.
    card.bText.hidden = same;
    card.b.classList.toggle('branch--stale', r.revision < s.revision);
  }
}

/** Branch C, the sentence translated as if the other person had said it, when asked for. */
function fillBranchC(card: Card, s: SentenceState, role: Role | 'unknown'): void {
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
}

function fillFlagsAndErrors(card: Card, s: SentenceState): void {
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
}

/** Actions: only what makes sense now. */
function fillActions(
  card: Card,
  s: SentenceState,
  role: Role | 'unknown',
  playable: (branch: Branch) => boolean,
  ending: boolean,
  audience: ReplayAudience,
): void {
  const hasText = s.text !== undefined && !s.empty;
  card.actions.hidden = !hasText;
  card.replayA.hidden = !playable('A');
  card.replayB.hidden = !playable('B');
  labelReplay(card.replayA, 'A', s, audience);
  labelReplay(card.replayB, 'B', s, audience);
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
  card.branchC.disabled = ending || s.branchC?.kind === 'pending';
}

/** What the sentence is waiting for, or why nothing more will come; undefined when done. */
function statusOf(s: SentenceState, voiceless: ReadonlySet<string>): string | undefined {
  if (s.empty || s.notTranslated) return undefined;
  if (s.failed.recognition) return say('card.recognitionFailed');
  if (s.failed.translation) return say('card.translationFailed');
  if (s.text === undefined) return say('card.recognizing');
  if (!s.translation || s.translation.revision < s.revision) return say('card.translating');
  if (voiceless.has(s.translation.target_language)) return undefined;
  if (!s.speech.A && !s.failed.A && !s.speech.B) return say('card.preparingSpeech');
  return undefined;
}

/** Whether two sentences say the same words, whatever their capitals and punctuation. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .toLocaleLowerCase()
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return words(a) === words(b);
}

/**
 * The words on a card's ▶ buttons: the clinician's in English, the patient's in the patient's
 * language (the ▶ the patient presses, on a sentence said to them).
 */
import type { SentenceState } from './conversation-store';
import { el, hiddenText } from './dom';
import type { Parties } from './i18n/both-parties';
import { phrase } from './i18n/phrasebook';
import { listenerOf, type Branch } from './protocol';
import { sentenceName } from './wording';

/** The clinician's label of each ▶ button (what it plays), in English. */
export const REPLAY_LABEL: Record<Branch, string> = { A: 'Translation', B: 'Reformulation' };

/** Who the ▶ buttons are labelled for: the parties' languages and the branch the patient hears. */
export interface ReplayAudience {
  parties?: Parties;
  patientBranch: Branch;
}

/**
 * A ▶ button's label. The one the patient presses (a sentence said to the patient, the branch
 * the patient hears) says "Play again" in the patient's language, with what it plays in English
 * under it for the clinician; its accessible name keeps the English ("▶ Volver a escuchar
 * Translation (sentence 2)"). Any other ▶, or one for a patient whose language the page has no
 * words for, reads as before: "▶ Translation".
 */
export function labelReplay(
  button: HTMLButtonElement,
  branch: Branch,
  s: SentenceState,
  audience: ReplayAudience,
): void {
  const forPatient =
    audience.parties !== undefined &&
    listenerOf(s.role) === 'patient' &&
    branch === audience.patientBranch;
  const own = forPatient ? phrase(audience.parties!.patient, 'play.again') : undefined;
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

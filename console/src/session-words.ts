/**
 * The words the session's start puts on the conversation screen: both parties' languages and
 * the warnings for the clinician (English), the patient's controls in both parties' languages,
 * and the answers the patient can always tap.
 */
import { alwaysAnswerButtons, type AnswerOption } from './answer-buttons';
import { controls } from './conversation-controls';
import { el, spaced } from './dom';
import { bothPartiesElements, type Parties } from './i18n/both-parties';
import { clinicianLang, say } from './i18n/clinician';
import { hasPhrasebook } from './i18n/phrasebook';
import type { HandshakeSuccessMessage } from './protocol';
import {
  ROLE_LABEL,
  capitalized,
  clinicianLanguageName,
  isRecognitionWarning,
  noPhrasebookWording,
  recognitionWarning,
} from './wording';

/**
 * The session's languages, its warnings (with why the microphone could not open) and the speed
 * it took.
 */
export function showSessionWords(
  success: HandshakeSuccessMessage,
  recognitionLocales: readonly string[],
  parties: Parties,
  micProblem?: string,
): void {
  const medic = `${ROLE_LABEL.medic}: ${capitalized(clinicianLanguageName(success.medic_lang))}`;
  const patient = `${ROLE_LABEL.patient}: ${capitalized(clinicianLanguageName(success.patient_lang))}`;
  controls.languages.textContent = `${medic} · ${patient}`;
  controls.languages.title = `${success.medic_lang} · ${success.patient_lang}`;
  // The recognizer's warning in the console's own words (its wire text names protocol
  // messages and settings); any other warning as the service words it.
  const recognition = recognitionWarning(
    recognitionLocales,
    success.medic_lang,
    success.patient_lang,
  );
  const warnings = [
    ...(recognition ? [recognition] : []),
    ...(success.warnings ?? [])
      .filter((text) => !isRecognitionWarning(text))
      .map((text) => inClinicianLanguage(text, success.patient_lang)),
  ];
  if (micProblem) warnings.unshift(`${micProblem} You can type instead.`);
  // A language the page has no words for: the clinician knows why the patient reads English.
  const untranslated = (['patient', 'medic'] as const)
    .filter((party) => !hasPhrasebook(parties[party]))
    .map((party) => noPhrasebookWording(party, parties[party]));
  controls.warnings.replaceChildren(
    ...warnings.map((text) => el('li', {}, text)),
    ...untranslated.map((text) => el('li', { 'data-warning': 'no-phrasebook' }, text)),
  );
  controls.warnings.hidden = warnings.length + untranslated.length === 0;
  controls.speed.value = String(success.speed);
}

/**
 * The handshake's warning of a patient's language reached by fixed phrases only (issue 32), in
 * the clinician's words when the clinician does not read English; any other as the service
 * words it.
 */
function inClinicianLanguage(text: string, patientLocale: string): string {
  if (clinicianLang() === 'en') return text;
  const fixed = /has no machine translation here: .*\((\d+) of (\d+) written in /.exec(text);
  if (!fixed) return text;
  return say('warning.fixedPhrasesSession', {
    language: clinicianLanguageName(patientLocale),
    written: fixed[1],
    total: fixed[2],
  });
}

/**
 * The patient's controls in both parties' languages: the type box's label and its Send button
 * (the "Who" menu stays the clinician's, in English).
 */
export function showPartyControls(parties: Parties): void {
  controls.typeLabel.replaceChildren(
    ...spaced([...bothPartiesElements(parties, 'type.label'), el('kbd', {}, '/')]),
  );
  controls.typeSend.replaceChildren(...spaced(bothPartiesElements(parties, 'type.send')));
}

/**
 * What the patient can always answer by touch (the handshake's patient_answers: I do not
 * understand, please repeat, an interpreter), in the patient's language (issue 32).
 */
export function showPatientAnswers(
  success: HandshakeSuccessMessage,
  onTap: (option: AnswerOption) => void,
): void {
  const options = success.patient_answers ?? [];
  controls.patientAnswers.replaceChildren(
    ...alwaysAnswerButtons(options, success.patient_lang, onTap),
  );
  controls.patientAnswers.hidden = options.length === 0;
}

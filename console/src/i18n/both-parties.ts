/**
 * A phrase for both parties at once: one line in the medic's language and one in the patient's,
 * each marked with its own `lang` and `dir`; one line only when both read the same language (or
 * both would fall back to English).
 */
import { el } from '../dom';
import { phrase, type Phrase, type PhraseKey } from './phrasebook';

export interface Parties {
  medic: string;
  patient: string;
}

/** The phrase in each party's language, patient first, without repeating the same text. */
export function forBothParties(
  parties: Parties,
  key: PhraseKey,
  values: Record<string, string | number> = {},
): Phrase[] {
  const patient = phrase(parties.patient, key, values);
  const medic = phrase(parties.medic, key, values);
  return medic.lang === patient.lang ? [patient] : [patient, medic];
}

/** One element per line of forBothParties(), each with its `lang` and `dir`. */
export function bothPartiesElements(
  parties: Parties,
  key: PhraseKey,
  values: Record<string, string | number> = {},
  tag: 'span' | 'p' | 'li' = 'span',
): HTMLElement[] {
  return forBothParties(parties, key, values).map((line) =>
    el(tag, { lang: line.lang, dir: line.dir, class: 'both-parties__line' }, line.text),
  );
}

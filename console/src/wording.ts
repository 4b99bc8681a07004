/** The words the page uses for languages, roles, fidelity, flags: one place, plain English. */
import type { FlagType, SpeakerRole } from './protocol';

const english = new Intl.DisplayNames(['en'], { type: 'language' });

/** "Spanish" for es-ES (the region is left out when it adds nothing at the bedside). */
export function languageName(locale: string): string {
  const language = locale.split('-')[0];
  try {
    return english.of(language) ?? locale;
  } catch {
    return locale;
  }
}

/** "Spanish — español (es-ES)": the patient may recognize their language in their own words. */
export function languageOption(locale: string): string {
  const name = languageName(locale);
  let own: string;
  try {
    own = new Intl.DisplayNames([locale], { type: 'language' }).of(locale.split('-')[0]) ?? '';
  } catch {
    own = '';
  }
  const native = own && own.toLowerCase() !== name.toLowerCase() ? ` — ${own}` : '';
  return `${name}${native} (${locale})`;
}

export const ROLE_LABEL: Record<SpeakerRole, string> = {
  medic: 'Medic',
  patient: 'Patient',
  unknown: 'Speaker unknown',
};

export const FLAG_LABEL: Record<FlagType, string> = {
  mistranslation: 'Mistranslation',
  wrong_speaker: 'Wrong speaker',
  bug: 'Bug in the service',
  other: 'Other',
};

export const BRANCH_C_SKIPPED: Record<string, string> = {
  unknown_speaker_role: 'not done: the speaker is unknown (correct the speaker first)',
  same_translation_direction: 'not done: both parties speak the same language',
};

export interface FidelityWording {
  /** "96 %" */
  percent: string;
  /** "close" or "check this" */
  verdict: string;
  level: 'close' | 'check';
  /** A caveat for short sentences, whose score says little. */
  caveat?: string;
}

/**
 * The round-trip score (chrF of the back-translation against what was said, 0–1) in plain
 * words. 0.85 and above reads "close": the literal translation, translated back, says nearly
 * what was said (e.g. 0.963 for "the patient has a fever and headache"). Below, "check this":
 * words were lost or changed on the way (0.715 for "Has you dyspnea or thoracic ache?"); ask
 * again, rephrase, or flag it. The score measures the round trip, not the translation itself,
 * and on a sentence of one or two words it says little ("Yes." → "Sí." scored 0.088).
 */
export function fidelityWording(fidelity: number, originalText: string): FidelityWording {
  const level = fidelity >= 0.85 ? 'close' : 'check';
  const words = originalText.trim().split(/\s+/).filter(Boolean).length;
  return {
    percent: `${Math.round(fidelity * 100)} %`,
    verdict: level === 'close' ? 'close' : 'check this',
    level,
    caveat: words <= 2 ? 'short sentence: the score says little' : undefined,
  };
}

/**
 * The words the translation left in the speaker's language (server's `untranslated_words`):
 * names, numbers and drug names are never among them. The listener may not understand them.
 */
export function untranslatedWording(words: readonly string[]): string | undefined {
  if (words.length === 0) return undefined;
  const list = words.map((word) => `“${word}”`).join(', ');
  return `⚠ Not translated: ${list}. The listener may not understand ${words.length === 1 ? 'it' : 'them'}: rephrase, or show it in writing.`;
}

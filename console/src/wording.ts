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

/**
 * The fidelity at and above which a translation reads "close". Fidelity is the calibrated
 * probability that the literal translation is faithful (server: src/orchestrator/pipeline/
 * fidelity/); this cut is the one the benchmark chose (npm run bench:fidelity, which rewrites
 * this line; docs/translation.md, "Fidelity score"). Below it, the benchmark's broken translations
 * (a medical word, a negation or a number lost or changed, a sentence cut short) mostly fall.
 */
export const FIDELITY_THRESHOLD = 0.5489;

export interface FidelityWording {
  /** "96 %" */
  percent: string;
  /** "close" or "check this" */
  verdict: string;
  level: 'close' | 'check';
  /** What the verdict means, for a tooltip or a screen reader. */
  meaning: string;
  /** A caveat for short sentences, whose score says little. */
  caveat?: string;
}

/**
 * The fidelity of a literal translation (0–1: how likely it is faithful, from its round trip
 * and checks of its medical terms, numbers, negation and completeness) in plain words. At or
 * above FIDELITY_THRESHOLD, "close"; below, "check this": a term, a number or a "not" may have
 * been lost or changed, or the sentence cut short; ask again, rephrase, or flag it. On a sentence
 * of one or two words the round trip says little, hence the caveat.
 */
export function fidelityWording(fidelity: number, originalText: string): FidelityWording {
  const level = fidelity >= FIDELITY_THRESHOLD ? 'close' : 'check';
  const words = originalText.trim().split(/\s+/).filter(Boolean).length;
  return {
    percent: `${Math.round(fidelity * 100)} %`,
    verdict: level === 'close' ? 'close' : 'check this',
    level,
    meaning:
      level === 'close'
        ? 'likely faithful: the round trip and the checks of medical terms, numbers, negation and completeness agree'
        : 'possibly unfaithful: a medical term, a number or a negation may be lost or changed, or the sentence cut short',
    caveat: words <= 2 ? 'short sentence: the score says little' : undefined,
  };
}

/** Under a sentence the recognizer was not sure of (asr_result's low_confidence). */
export const LOW_CONFIDENCE_WORDING =
  '⚠ Perhaps misheard: ask the speaker to repeat before relying on it. Its translation is not played by itself.';

/**
 * The words the translation left in the speaker's language (server's `untranslated_words`):
 * names, numbers and drug names are never among them. The listener may not understand them.
 */
export function untranslatedWording(words: readonly string[]): string | undefined {
  if (words.length === 0) return undefined;
  const list = words.map((word) => `“${word}”`).join(', ');
  return `⚠ Not translated: ${list}. The listener may not understand ${words.length === 1 ? 'it' : 'them'}: rephrase, or show it in writing.`;
}

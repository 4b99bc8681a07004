/**
 * The words the page uses for languages, roles, fidelity, flags: one place, plain English, or
 * the clinician's language where ./i18n/clinician.ts has the words (issue 32).
 */
import { clinicianLang, say } from './i18n/clinician';
import type { FlagType, SpeakerRole } from './protocol';

const english = new Intl.DisplayNames(['en'], { type: 'language' });
const displayNames = new Map<string, Intl.DisplayNames>([['en', english]]);

/** "Spanish" for es-ES (the region is left out when it adds nothing at the bedside). */
export function languageName(locale: string): string {
  return nameIn(english, locale);
}

/**
 * The name of a language in the clinician's language (./i18n/clinician.ts), for the clinician's
 * words: "vietnamita" for a Spanish-speaking clinician, "Vietnamese" for an English-speaking one.
 */
export function clinicianLanguageName(locale: string): string {
  const lang = clinicianLang();
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'language' });
    displayNames.set(lang, names);
  }
  return nameIn(names, locale);
}

/** Chinese keeps its script, which the patient reads (zh-CN Simplified, zh-TW Traditional). */
function nameIn(names: Intl.DisplayNames, locale: string): string {
  const language = locale.split('-')[0];
  try {
    if (language.toLowerCase() === 'zh' && locale.includes('-')) {
      const traditional = /-(hant|tw|hk|mo)\b/i.test(locale);
      return names.of(traditional ? 'zh-Hant' : 'zh-Hans') ?? locale;
    }
    return names.of(language) ?? locale;
  } catch {
    return locale;
  }
}

/** The first letter a capital: "vietnamita" at the start of a line. */
export const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** "Spanish — español (es-ES)": the patient may recognize their language in their own words. */
export function languageOption(locale: string): string {
  const name = capitalized(clinicianLanguageName(locale));
  let own: string;
  try {
    own = new Intl.DisplayNames([locale], { type: 'language' }).of(locale.split('-')[0]) ?? '';
  } catch {
    own = '';
  }
  const native = own && own.toLowerCase() !== name.toLowerCase() ? ` — ${own}` : '';
  return `${name}${native} (${locale})`;
}

/** Who spoke, in the clinician's language (read at each use: the clinician may change). */
export const ROLE_LABEL: Readonly<Record<SpeakerRole, string>> = {
  get medic() {
    return say('role.medic');
  },
  get patient() {
    return say('role.patient');
  },
  get unknown() {
    return say('role.unknown');
  },
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
 * The fidelity below which a machine translation is flagged "check this". Fidelity is the
 * calibrated probability that the literal translation is faithful (server: src/orchestrator/
 * pipeline/fidelity/); this cut is the one the benchmark chose on the engine's own translations,
 * judged, so that a warning is right most of the time (npm run bench:fidelity, which rewrites
 * this line; docs/translation.md, "Fidelity score"). Above it nothing is said: a round trip
 * through the same engine can show a mistake, never prove a translation right (issue 30).
 */
export const FIDELITY_THRESHOLD = 0.3191;

export interface FidelityWording {
  /** "23 %" */
  percent: string;
  /** `check`: the evidence of a mistake is strong; `unflagged`: nothing found, nothing promised. */
  level: 'check' | 'unflagged';
  /** What the clinician reads in the sentence's details. */
  detail: string;
  /** The warning beside the translation, for `check` only. */
  alert?: string;
}

/**
 * The fidelity of a machine translation (0–1, from its round trip and checks of its medical
 * terms, numbers, negation and completeness) in plain words: a warning when it is below
 * FIDELITY_THRESHOLD, and never a reassurance above it.
 */
export function fidelityWording(fidelity: number): FidelityWording {
  const percent = `${Math.round(fidelity * 100)} %`;
  if (fidelity < FIDELITY_THRESHOLD) {
    return {
      percent,
      level: 'check',
      detail: `⚠ Check this translation (round-trip score ${percent}): a medical term, a number or a negation may be lost or changed, or the sentence cut short.`,
      alert: '⚠ Check this translation: ask again or rephrase.',
    };
  }
  return {
    percent,
    level: 'unflagged',
    detail: `No problem found by the round trip (score ${percent}). A round trip through the same engine can show a mistake, never prove the translation right.`,
  };
}

/** A sentence recognized with low confidence (asr_result's low_confidence), for the clinician. */
export const LOW_CONFIDENCE_WORDING =
  'Perhaps misheard: ask the speaker to repeat before relying on it. Its translation is shown small and not played by itself.';

/** Speech heard in the patient's turn when the patient's language cannot be recognized. */
export const PATIENT_TURN_WORDING =
  "Heard during the patient's turn, whose language the recognizer does not understand: perhaps the patient speaking. Shown small and not played; if it was you, press ▶.";

/** A sentence in neither party's language (sentence_not_translated), for the clinician. */
export function outsideLanguageWording(locale: string): string {
  const name = locale === 'und' ? 'a language neither of you speaks' : languageName(locale);
  return `In ${name}: not translated, and nothing was spoken. Ask again in the patient's or your language, or type it.`;
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

/** "sentence 3" for `s3`: the protocol's ids are not shown as they are. */
export function sentenceName(sentenceId: string): string {
  const match = /^s(\d+)$/.exec(sentenceId);
  return match ? say('card.sentence', { number: match[1] }) : 'this sentence';
}

/** "English", "English and Spanish", "English, French and Spanish" (in the clinician's language). */
function listOf(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : say('list.and', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

const primary = (locale: string) => locale.split('-')[0].toLowerCase();

/** Whether two locales are the same language (en-US and en-GB are). */
export function sameLanguage(a: string, b: string): boolean {
  return primary(a) === primary(b);
}

/** Why the start screen does not start with one language for both. */
export function sameLanguageWording(locale: string): string {
  return say('start.sameLanguage', { language: clinicianLanguageName(locale) });
}

/**
 * The recognizer's limits before the conversation, in a clinician's words: which party's speech
 * will not be recognized, and what to do instead. `heard`: the locales speech recognition
 * understands (GET /console/settings); none known, nothing said.
 */
/**
 * Whether the recognizer understands a party's language (`heard`: the locales GET /console/settings
 * lists; none listed means a multilingual recognizer, which is taken to understand every one).
 */
export function isHeard(heard: readonly string[], locale: string): boolean {
  return heard.length === 0 || heard.some((h) => sameLanguage(h, locale));
}

export function recognitionWarning(
  heard: readonly string[],
  medic: string,
  patient: string,
): string | undefined {
  if (heard.length === 0) return undefined;
  const understood = (locale: string) => heard.some((h) => sameLanguage(h, locale));
  const names = listOf([...new Set(heard.map(clinicianLanguageName))]);
  const unheard = [
    understood(medic)
      ? undefined
      : say('warning.medicSpeech', { language: clinicianLanguageName(medic) }),
    understood(patient)
      ? undefined
      : say('warning.patientSpeech', { language: clinicianLanguageName(patient) }),
  ].filter((party): party is string => party !== undefined);
  if (unheard.length === 0) return undefined;
  if (unheard.length === 1) {
    return say('warning.recognitionOne', { heard: names, party: unheard[0] });
  }
  return say('warning.recognitionBoth', { heard: names, first: unheard[0], second: unheard[1] });
}

/**
 * Under the title when the page has no words of its own for a party's language
 * (i18n/phrasebook.ts): the prompts that party reads (speak now, please wait, type here, the end)
 * are shown in English instead.
 */
export function noPhrasebookWording(party: 'medic' | 'patient', locale: string): string {
  return `The page has no wording in ${languageName(locale)}; the ${party}'s prompts are in English.`;
}

/**
 * The handshake's warning about the recognizer, whose wire text names protocol messages and
 * settings (`text_input`, `ASR_ENGINE`): the console says it in its own words instead.
 */
export function isRecognitionWarning(text: string): boolean {
  return /^Speech recognition understands\b/.test(text);
}

/**
 * Why the service refused to start with these languages (a handshake rejected as
 * `unsupported_language`), in a sentence: which party's language, never the protocol's field
 * names or routes.
 */
export function unsupportedLanguageWording(
  serverMessage: string,
  medic: string,
  patient: string,
): string {
  const parties = [
    /\blanguage_medic\b/.test(serverMessage) ? `the medic's language (${languageName(medic)})` : '',
    /\blanguage_patient\b/.test(serverMessage)
      ? `the patient's language (${languageName(patient)})`
      : '',
  ].filter(Boolean);
  const which = parties.length > 0 ? listOf(parties) : 'one of the languages chosen';
  return `This service cannot interpret ${which} in a conversation. Choose another language.`;
}

/** Two texts the same to a reader: letter case, spaces and final punctuation aside. */
export function sameWords(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFC')
      .toLocaleLowerCase()
      .replace(/[\s\u00a0]+/g, ' ')
      .replace(/[\s.!?¡¿。…"“”«»']+$/u, '')
      .replace(/^[\s¡¿"“”«»']+/u, '')
      .trim();
  return plain(a) === plain(b);
}

/**
 * The label of the reformulation for `listener`: an aid, not the literal translation, unless it
 * says exactly what the literal translation says (then it is labelled the same words, and not
 * shown twice).
 */
export function reformulationLabel(
  listener: 'medic' | 'patient',
  language: string,
  reformulation: string,
  literal: string | undefined,
): { label: string; same: boolean } {
  const same = literal !== undefined && sameWords(reformulation, literal);
  const what = `Reformulation for the ${listener}, in plain ${languageName(language)}`;
  return {
    label: same
      ? `${what}: the same words as the literal translation`
      : `${what} (not the literal translation)`,
    same,
  };
}

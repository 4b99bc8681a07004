/**
 * The reference table: every phrase the page says to the parties, in English. Other tables
 * (./tables) translate these; `{name}` placeholders are kept as they are.
 *
 * To add a language:
 * 1. Write ./tables/<code>.ts (the primary language subtag, e.g. `so.ts`; copy a neighbour's),
 *    translating every key below as a professional medical interpreter would say it to a
 *    patient: the formal, polite register (usted, vous, Sie, Вы), short and plain, the
 *    language's own punctuation and script; `{name}` placeholders and symbols such as "…" kept
 *    as they are. Set `rtl: true` for a script written right to left.
 * 2. List it in ./tables/index.ts (and an alias there if the language has another code).
 * 3. Run the unit tests: ./tables.spec.ts checks every table has every key, the same
 *    placeholders, no English left over, and the direction. Have a native speaker read it.
 * A language we cannot write well stays without a table: its readers see English, marked so,
 * and the clinician is told (wording.ts, noPhrasebookWording).
 * A new key here needs its translation in every table (the same test fails until then); until
 * a table has it, that phrase is shown in English.
 */
export const ENGLISH = {
  // The status both parties read (the patient's side shows it in the patient's language).
  'status.connecting': 'Connecting…',
  'status.speakNow': 'Speak now',
  'status.translating': 'Please wait, translating…',
  'status.playing': 'Listen: the translation is playing',
  'status.micOff': 'The microphone is off',
  'status.yourTurn': 'Your turn',
  'status.typeInstead': 'Please type your answer',
  // Speech that could not be taken (issue 18 item 2), told to both parties.
  'speech.stopped': 'The tablet stopped speaking so that you can speak.',
  'speech.waitForTablet': 'Please wait until the tablet has finished speaking.',
  'speech.lost': 'Some words could not be heard. Please say them again.',
  'speech.repeat': 'Sorry, that was not clear. Please say it again.',
  // Speech the service may have misheard, or cannot hear (issue 30, item 2).
  'speech.unsure': 'This may have been misheard, so it was not played. Please say it again.',
  'speech.typeInstead': 'Speech in this language cannot be recognized. Please type instead.',
  // A sentence in neither party's language (issue 30, item 3).
  'sentence.otherLanguage': 'This was not translated: it is not in the language of either person.',
  // What a translation is (issue 30, item 1).
  'translation.machine': 'Machine translation',
  // A fixed phrase, written in advance (issue 31, item 4).
  'translation.fixed': 'Fixed phrase, written in advance',
  // The patient's controls.
  'type.label': 'Type here',
  'type.send': 'Send',
  'play.again': 'Play again',
  // The connection (issue 18 item 3).
  'connection.lost': 'The connection to the interpreter was lost. What is on the screen is kept.',
  'connection.retrying': 'Reconnecting…',
  'connection.back': 'The interpreter is available again.',
  // A stop of the service, and going on after it (issue 30, items 5 and 6).
  'connection.stopped': 'The interpreter service was stopped. What is on the screen is kept.',
  'connection.save': 'Save what is on the screen',
  'connection.continue': 'Continue the conversation',
  'conversation.earlier': 'Earlier part of the conversation',
  // The end screen.
  'end.title': 'The conversation has ended',
  'end.thanks': 'Thank you.',
  // Why the service ended a conversation nobody ended (issue 30, item 6).
  'end.reason.idle': 'The conversation ended because nothing was said for a while.',
  'end.reason.maxDuration': 'The conversation ended because it reached its time limit.',
  'end.reason.shutdown': 'The conversation ended because the interpreter service was stopped.',
} as const;

export type PhraseKey = keyof typeof ENGLISH;

/** A language's table: any phrase it lacks is shown in English (see phrase()). */
export type PhraseTable = Partial<Record<PhraseKey, string>>;

/** A language's table: its English name, its direction, and its phrases. */
export interface LanguageTable {
  /** The language's name in English (for the clinician and the README). */
  name: string;
  /** Written right to left (Arabic, Persian, Urdu…). */
  rtl?: true;
  phrases: PhraseTable;
}

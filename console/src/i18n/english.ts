/**
 * The reference table: every phrase the page says to the parties, in English. Other tables
 * (./tables) translate these; `{name}` placeholders are kept as they are.
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
  // The patient's controls.
  'type.label': 'Type here',
  'type.send': 'Send',
  'play.again': 'Play again',
  // The connection (issue 18 item 3).
  'connection.lost': 'The connection to the interpreter was lost. What is on the screen is kept.',
  'connection.retrying': 'Reconnecting…',
  'connection.back': 'The interpreter is available again.',
  // The end screen.
  'end.title': 'The conversation has ended',
  'end.thanks': 'Thank you.',
} as const;

export type PhraseKey = keyof typeof ENGLISH;

/** A language's table: any phrase it lacks is shown in English (see phrase()). */
export type PhraseTable = Partial<Record<PhraseKey, string>>;

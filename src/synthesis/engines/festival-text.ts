import { breakLongWords, collapseRepeats } from './flite.engine.js';

/**
 * Text for festival's Italian diphone voices. Festival reads 8-bit text, and its Italian letter
 * rules give up on the whole text (no audio, exit code 0) at a character they have no rule for:
 * UTF-8 bytes, `ñ`, `«`, or a `%` after a number. So the text is reduced to what the rules read:
 * ASCII letters and digits, the accented vowels of Italian, spaces, the punctuation
 * that shapes the phrasing (`.,;:?!-`) and apostrophes inside words (quotes and brackets next to
 * a word can silence it all too). Symbols
 * with a common spoken form are spelled out, other letters lose their accents (`ñ` → `n`), and
 * anything else becomes a space. The result is Latin-1 bytes, for festival's stdin.
 */

const ITALIAN_VOWELS = 'àèéìíîòóùúÀÈÉÌÍÎÒÓÙÚ';
const KEPT = new RegExp(`[A-Za-z0-9${ITALIAN_VOWELS} .,;:?!'\\-]`);

const SPOKEN: Readonly<Record<string, string>> = {
  '%': ' per cento ',
  '€': ' euro ',
  '&': ' e ',
  '+': ' più ',
  '=': ' uguale ',
  '‘': "'",
  '’': "'",
  '`': "'",
  '´': "'",
  '“': ' ',
  '”': ' ',
  '«': ' ',
  '»': ' ',
  '„': ' ',
  '–': ' - ',
  '—': ' - ',
  '…': '...',
};

export function prepareFestivalText(text: string): Buffer {
  let prepared = '';
  for (const char of text.normalize('NFC')) {
    if (KEPT.test(char)) prepared += char;
    else if (SPOKEN[char] !== undefined) prepared += SPOKEN[char];
    else {
      const base = char.normalize('NFD')[0];
      prepared += /[A-Za-z]/.test(base) ? base : ' ';
    }
  }
  // An apostrophe is read only inside a word (`l'età`); after a digit (`3'`) it silences all.
  const apostrophes = new RegExp(
    `(?<![A-Za-z${ITALIAN_VOWELS}])'|'(?![A-Za-z${ITALIAN_VOWELS}])`,
    'g',
  );
  // Digits and letters in one word (`5mg`, `H2O`) are read apart, as the rules only read them so.
  const digitLetter = new RegExp(
    `(?<=[0-9])(?=[A-Za-z${ITALIAN_VOWELS}])|(?<=[A-Za-z${ITALIAN_VOWELS}])(?=[0-9])`,
    'g',
  );
  const read = collapseRepeats(prepared.replace(apostrophes, ' ').replace(digitLetter, ' '));
  return Buffer.from(breakLongUtterances(read), 'latin1');
}

/** The most characters festival is given without an end of utterance (see breakLongUtterances). */
export const FESTIVAL_MAX_UTTERANCE = 160;

/**
 * Ends an utterance (a blank line, which festival's end-of-utterance rules read as one) once a
 * stretch without `.?!;:` reaches `max` characters, at the next space. festival's time grows
 * faster than an utterance's length: 5000 letters without punctuation (24-letter words) took
 * over 60 s, past any deadline; with a break every 160 characters 12 s, and 5000 characters of
 * plain words 8.4 s instead of 11.8 s. A sentence shorter than `max` is read as before.
 */
export function breakLongUtterances(text: string, max = FESTIVAL_MAX_UTTERANCE): string {
  let since = 0;
  return text.replace(/(\S+)(\s*)/g, (_, word: string, space: string) => {
    since = /[.?!;:]$/.test(word) ? 0 : since + word.length + space.length;
    if (since < max || space === '') return word + space;
    since = 0;
    return `${word}\n\n`;
  });
}

/** Typographic marks English text carries, as festival's English front end reads them. */
const ENGLISH_SPOKEN: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '–': ' - ',
  '—': ' - ',
  '…': '...',
  '°': ' degrees ',
  '€': ' euros ',
  '£': ' pounds ',
};

/**
 * Text for festival's English voice, which reads bytes: UTF-8 letters would be spoken as
 * stray sounds. Accents are dropped (`Müller` → `Muller`), typographic marks become their ASCII
 * or spoken form, and anything else outside ASCII or a control character becomes a space. Runs
 * of more than 24 non-space characters are cut, as for flite (letter-to-sound time grows with
 * a word's length), and long stretches without punctuation are read as several utterances.
 */
export function prepareEnglishFestivalText(text: string): Buffer {
  let prepared = '';
  for (const char of text.normalize('NFKD')) {
    if (/[\x20-\x7e]/.test(char)) prepared += char;
    else if (ENGLISH_SPOKEN[char] !== undefined) prepared += ENGLISH_SPOKEN[char];
    else if (!/\p{M}/u.test(char)) prepared += ' ';
  }
  return Buffer.from(breakLongUtterances(breakLongWords(collapseRepeats(prepared))), 'latin1');
}

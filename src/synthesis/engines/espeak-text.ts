import { withoutControlCharacters } from './control-characters.js';

/**
 * Makes a client's text safe to give espeak-ng on stdin, without changing what is said.
 *
 * - Control characters (other than tab and line breaks) are removed: a NUL ends the text early.
 * - `[[`, espeak-ng's phoneme-input bracket, is split so the text is read, never taken as phonemes.
 * - Bengali-script letters written with a separate nukta (য + ় …) are given their precomposed form,
 *   which espeak-ng's Assamese rules know (it spells the decomposed pair out, letter by letter).
 *   Unicode normalization cannot do this: these letters are composition exclusions.
 *
 * SSML-like `<tags>` are kept and read as written (espeak-ng runs without `-m`): a medical text can
 * say `<5 mg`.
 */
const NUKTA_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ['\u09a1\u09bc', '\u09dc'], // ড় RRA
  ['\u09a2\u09bc', '\u09dd'], // ঢ় RHA
  ['\u09af\u09bc', '\u09df'], // য় YYA
];

export function prepareEspeakText(text: string): string {
  let prepared = withoutControlCharacters(text);
  prepared = prepared.replace(/\[(?=\[)/g, '[ ');
  for (const [decomposed, precomposed] of NUKTA_LETTERS) {
    prepared = prepared.split(decomposed).join(precomposed);
  }
  return prepared;
}

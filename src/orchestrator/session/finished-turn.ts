/**
 * Words after which an English sentence is not finished, however it is punctuated: conjunctions,
 * articles, prepositions, possessives and auxiliaries that announce more ("my chest hurts and…",
 * "it started on…"), and hesitations.
 */
const DANGLING = new Set(
  (
    'and or but because so then if when while that which who whose whom where than as ' +
    'the a an my your his her its our their this these those ' +
    'to of in on at for from with about into by after before since until like ' +
    'is are was were am be been being have has had do does did will would can could should ' +
    'very really also just not no um uh er erm'
  ).split(' '),
);

/** Fewest words of a statement that closes a turn early; a question may be shorter ("Any pain?"). */
const MIN_STATEMENT_WORDS = 3;
const MIN_QUESTION_WORDS = 2;

/**
 * Whether a transcript at the speaker's pause reads as a finished turn (END_OF_TURN=semantic):
 * the recognizer ended it as a sentence (Moonshine writes the final `.`, `?` or `!` only where it
 * hears one; pocketsphinx alone writes none, so it never closes early), it has enough words, and
 * its last word does not announce more. English, as the recognizer is; a wrong "finished" splits a
 * sentence in two, so anything unsure waits for the 640 ms of silence.
 */
export function finishedTurn(text: string): boolean {
  const trimmed = text.trim();
  const end = trimmed.at(-1);
  if (end !== '.' && end !== '?' && end !== '!') return false;
  // "Dr." or "e.g." at the end is an abbreviation, not a full stop.
  if (/\b(?:dr|mr|mrs|ms|st|e\.g|i\.e|etc|vs)\.$/i.test(trimmed)) return false;
  const words = trimmed.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const last = words.at(-1);
  if (last === undefined || DANGLING.has(last)) return false;
  return words.length >= (end === '?' ? MIN_QUESTION_WORDS : MIN_STATEMENT_WORDS);
}

/**
 * Sentence splitting for clinical text: keeps abbreviations (`Dr.`, `e.g.`, `mg.`), decimals
 * (`39.5`) and initials inside their sentence, and treats line breaks (lists, headed notes) as
 * boundaries. Sentences are verbatim slices of the input so doses are never altered.
 */

export interface Sentence {
  /** The sentence exactly as written (trimmed). */
  readonly text: string;
  /** Offset of `text` in the input. */
  readonly start: number;
  /** Index in the sentence list. */
  readonly index: number;
  /** The sentence begins a line of the input (so it is joined back with a line break). */
  readonly startsLine: boolean;
}

// Titles: never end a sentence.
const TITLES = new Set([
  'dr',
  'dra',
  'drs',
  'mr',
  'mrs',
  'ms',
  'mme',
  'mlle',
  'm',
  'pr',
  'prof',
  'sr',
  'sra',
  'srta',
  'st',
  'sgt',
  'no',
  'nº',
  'n°',
  'fig',
  'vs',
  'cf',
  'approx',
  'env',
  'aprox',
  'ca',
  'resp',
]);
// Abbreviations that end a sentence only when a capitalised word follows... and even then rarely.
const NEVER_BEFORE_ANY = new Set([
  'e.g',
  'i.e',
  'p.ex',
  'p.e',
  'c.-à-d',
  'c.à.d',
  'b.i.d',
  't.i.d',
  'q.i.d',
  'p.o',
  'i.v',
  'i.m',
  's.c',
]);
// Units and words that may be followed by a period in the middle of a sentence; they end a
// sentence only when the next word starts with a capital letter.
const SOFT = new Set([
  'mg',
  'mcg',
  'µg',
  'g',
  'kg',
  'ml',
  'l',
  'dl',
  'cm',
  'mm',
  'min',
  'h',
  'hr',
  'hrs',
  'wk',
  'wks',
  'mo',
  'yr',
  'yrs',
  'etc',
  'tab',
  'tabs',
  'caps',
  'inj',
  'sol',
  'susp',
  'amp',
  'cp',
  'cps',
  'comp',
  'max',
  'mín',
  'min',
  'bid',
  'tid',
  'qid',
  'od',
  'qd',
  'prn',
  'po',
]);

const BOUNDARY = /[.!?…]+["'»”)\]]*(?=\s)/gu;

function isLower(ch: string | undefined): boolean {
  return ch !== undefined && ch !== ch.toUpperCase() && ch === ch.toLowerCase();
}

/** Whether the punctuation ending at `end` (exclusive) in `line` closes a sentence. */
function closesSentence(line: string, punctEnd: number, punctStart: number): boolean {
  const rest = line.slice(punctEnd).trimStart();
  if (rest.length === 0) return true;
  const next = rest[0];
  if (line[punctStart] !== '.') return !isLower(next);
  // The word before the period (with inner dots: `e.g`, `p.ex`).
  const before = /([\p{L}\p{N}.°º-]+)$/u.exec(line.slice(0, punctStart))?.[1] ?? '';
  const word = before.toLowerCase();
  if (word.length === 0) return !isLower(next);
  if (NEVER_BEFORE_ANY.has(word) || TITLES.has(word)) return false;
  // A single capital letter: an initial (`J. Smith`).
  if (/^\p{Lu}$/u.test(before)) return false;
  if (isLower(next)) return false;
  if (SOFT.has(word)) return /\p{Lu}/u.test(next);
  return true;
}

/** Splits one line into sentence ranges [start, end) relative to the line. */
function splitLine(line: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  for (const match of line.matchAll(BOUNDARY)) {
    const punctStart = match.index;
    const punctEnd = match.index + match[0].length;
    if (closesSentence(line, punctEnd, punctStart)) {
      ranges.push([start, punctEnd]);
      start = punctEnd;
    }
  }
  ranges.push([start, line.length]);
  return ranges;
}

/** Splits `text` into verbatim, trimmed, non-empty sentences. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    let first = true;
    for (const [from, to] of splitLine(line)) {
      const raw = line.slice(from, to);
      const trimmed = raw.trim();
      if (trimmed.length > 0) {
        const lead = raw.length - raw.trimStart().length;
        sentences.push({
          text: trimmed,
          start: offset + from + lead,
          index: sentences.length,
          startsLine: first,
        });
        first = false;
      }
    }
    offset += line.length + 1;
  }
  return sentences;
}

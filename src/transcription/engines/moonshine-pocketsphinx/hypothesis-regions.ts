import { diffArrays } from 'diff';
import { words } from '../../words.js';

/**
 * Where two recognizers' texts of one sentence differ, as word regions of the first text, and
 * how to put the second one's words in its place.
 */

/** A word of a text and where it is: `text.slice(start, end)` is the word as written. */
export interface WordSpan {
  readonly word: string;
  readonly start: number;
  readonly end: number;
}

/** The words of `text` as words() (words.ts) finds them, with their places in `text`. */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}'’‘]+/gu)) {
    const raw = match[0];
    const lead = raw.length - raw.replace(/^['’‘]+/, '').length;
    const core = raw.replace(/^['’‘]+|['’‘]+$/g, '');
    if (!core) continue;
    const start = match.index + lead;
    spans.push({ word: words(core).join(' '), start, end: start + core.length });
  }
  return spans;
}

/** Words [start, end) of the first text, which the second text has as `other`. */
export interface Region {
  readonly start: number;
  readonly end: number;
  /** The first text's words there (lower case). */
  readonly own: readonly string[];
  /** The second text's words instead (lower case). */
  readonly other: readonly string[];
}

/** The regions where `other` differs from `own` (both lower-case word lists), in order. */
export function differingRegions(own: readonly string[], other: readonly string[]): Region[] {
  const regions: Region[] = [];
  let position = 0;
  let open: { start: number; own: string[]; other: string[] } | undefined;
  const close = () => {
    if (open) regions.push({ ...open, end: open.start + open.own.length });
    open = undefined;
  };
  for (const change of diffArrays([...own], [...other])) {
    if (!change.added && !change.removed) {
      close();
      position += change.count;
      continue;
    }
    open ??= { start: position, own: [], other: [] };
    if (change.removed) {
      open.own.push(...change.value);
      position += change.count;
    } else {
      open.other.push(...change.value);
    }
  }
  close();
  return regions;
}

/** `own` (word list) with `region` taken from the other text. */
export function withRegion(own: readonly string[], region: Region): string[] {
  return [...own.slice(0, region.start), ...region.other, ...own.slice(region.end)];
}

/**
 * `text` (whose words() are the `own` the regions index) with the other text's words in the
 * given regions; the rest of `text`, its case and punctuation, stays as it is.
 */
export function applyRegions(text: string, regions: readonly Region[]): string {
  const spans = wordSpans(text);
  let result = text;
  // From the last region back, so that the earlier ones' offsets still hold.
  for (const region of [...regions].sort((a, b) => b.start - a.start)) {
    const replacement = region.other.join(' ');
    let from: number;
    let to: number;
    if (region.end > region.start) {
      from = spans[region.start].start;
      to = spans[region.end - 1].end;
    } else if (region.start < spans.length) {
      from = to = spans[region.start].start;
    } else {
      from = to = spans.length > 0 ? spans[spans.length - 1].end : result.length;
    }
    const before = result.slice(0, from);
    const after = result.slice(to);
    const inserting = region.end === region.start;
    const joined =
      inserting && region.start < spans.length
        ? `${before}${replacement} ${after}`
        : inserting && spans.length > 0
          ? `${before} ${replacement}${after}`
          : `${before}${replacement}${after}`;
    result = joined;
  }
  result = result
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    // A comma whose words went: "chest, since Monday." less "since Monday" is "chest."
    .replace(/[,;:]+([,;:.!?]|$)/g, '$1')
    .trim();
  // The capital of the sentence's start goes with it: to the other text's (lower-case) word now
  // first, and off the first text's first word when words were put before it ("Pain in…" →
  // "The pain in…"); the pronoun I and words in capitals keep theirs.
  if (/^\p{Lu}/u.test(text) && /^\p{Ll}/u.test(result)) {
    result = result[0].toUpperCase() + result.slice(1);
    const first = spans[0];
    const before = regions.some((region) => region.start === 0 && region.end === 0);
    if (before && first.word !== 'i' && /^\p{Lu}\p{Ll}/u.test(text.slice(first.start))) {
      const at = result.indexOf(text.slice(first.start, first.end), 1);
      if (at > 0) result = result.slice(0, at) + result[at].toLowerCase() + result.slice(at + 1);
    }
  }
  return result;
}

import type { TermRow } from '../../config/term-table.js';

/** A term found in a text: where, and what to write for it in the target language. */
export interface TermMatch {
  readonly start: number;
  readonly end: number;
  readonly row: TermRow;
  /** The target language's first form, with the source's capital letter when it had one. */
  readonly replacement: string;
}

interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Words of `text`: runs of letters and digits (inner hyphens kept), lowercased, NFC. */
function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)].map((m) => ({
    text: m[0].normalize('NFC').toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

const key = (words: readonly string[]) => words.join(' ');

/**
 * Finds the terms of one table in texts of one language, longest first: "chest pain" wins over
 * "chest", and a word is part of one term at most. Whole words only, case-insensitive. A form
 * that more than one row claims keeps the row that comes first (a hospital glossary is given
 * before the built-in terminology, so its rows win).
 */
export class TermMatcher {
  private readonly rows = new Map<string, TermRow>();
  private readonly longest: number;

  constructor(
    rows: readonly TermRow[],
    readonly source: string,
    readonly target: string,
  ) {
    let longest = 0;
    for (const row of rows) {
      if (!row.forms.has(target)) continue;
      for (const form of row.forms.get(source) ?? []) {
        const words = wordsOf(form).map((w) => w.text);
        if (words.length === 0 || this.rows.has(key(words))) continue;
        this.rows.set(key(words), row);
        longest = Math.max(longest, words.length);
      }
    }
    this.longest = longest;
  }

  get size(): number {
    return this.rows.size;
  }

  /** Terms of `text`, in order, never overlapping one another nor any of `reserved`. */
  find(text: string, reserved: readonly { start: number; end: number }[] = []): TermMatch[] {
    const words = wordsOf(text);
    const free = (start: number, end: number) =>
      reserved.every((r) => end <= r.start || start >= r.end);
    const matches: TermMatch[] = [];
    for (let i = 0; i < words.length;) {
      let found: TermMatch | undefined;
      for (let n = Math.min(this.longest, words.length - i); n > 0 && !found; n--) {
        const row = this.rows.get(key(words.slice(i, i + n).map((w) => w.text)));
        const start = words[i].start;
        const end = words[i + n - 1].end;
        if (row && free(start, end)) {
          found = {
            start,
            end,
            row,
            replacement: withCase(row.forms.get(this.target)![0], text.slice(start, end)),
          };
        }
      }
      if (found) {
        matches.push(found);
        while (i < words.length && words[i].start < found.end) i++;
      } else {
        i++;
      }
    }
    return matches;
  }
}

/** `form` with a capital first letter when `original` starts with one (sentence start, title). */
export function withCase(form: string, original: string): string {
  const first = original.charAt(0);
  return first !== first.toLowerCase() && first === first.toUpperCase()
    ? form.charAt(0).toUpperCase() + form.slice(1)
    : form;
}

/**
 * A table of equivalent terms (the built-in clinical terminology, or a hospital's glossary):
 * one row per term, one column per language, each cell one or more forms separated by `|`. The
 * first form of a cell is the one written when translating into that language; every form is
 * recognized when translating from it.
 *
 *   # concept	en	es	fr	pt	it
 *   chest	chest | thorax	pecho | tórax	poitrine | thorax	peito | tórax	petto | torace
 */
export interface TermRow {
  /** Where the row came from, for messages: `clinical-terms.tsv:12`. */
  readonly origin: string;
  readonly concept: string;
  /** Forms by ISO 639-1 language code; an absent language has no entry. */
  readonly forms: ReadonlyMap<string, readonly string[]>;
}

/** A line of a term table that cannot be used, with the line and what to change. */
export class TermTableError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    problem: string,
  ) {
    super(`${file}, line ${line}: ${problem}`);
  }
}

const LANGUAGE = /^[a-z]{2}$/;

/**
 * Parses a table: a header line naming the columns (`concept` then ISO 639-1 codes, optionally
 * after `#`), then rows, tab-separated (comma-separated when `file` ends in .csv). Blank lines
 * and lines starting with `#` after the header are skipped. Throws TermTableError naming the line.
 */
export function parseTermTable(content: string, file: string): TermRow[] {
  const separator = file.toLowerCase().endsWith('.csv') ? ',' : '\t';
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0)
    throw new TermTableError(file, 1, 'the file is empty; it needs a header line.');
  const header = lines[headerIndex]
    .replace(/^#\s*/, '')
    .split(separator)
    .map((c) => c.trim().toLowerCase());
  const [first, ...languages] = header;
  if (first !== 'concept' || languages.length < 2 || languages.some((l) => !LANGUAGE.test(l))) {
    throw new TermTableError(
      file,
      headerIndex + 1,
      `the header must be "concept" then two or more ISO 639-1 codes separated by ${separator === '\t' ? 'tabs' : 'commas'} (e.g. concept${separator}en${separator}es), not "${lines[headerIndex].trim().slice(0, 80)}".`,
    );
  }
  if (new Set(languages).size !== languages.length) {
    throw new TermTableError(file, headerIndex + 1, 'a language column appears twice.');
  }

  const rows: TermRow[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const cells = line.split(separator).map((c) => c.trim());
    if (cells.length !== header.length) {
      throw new TermTableError(
        file,
        i + 1,
        `${cells.length} columns where the header has ${header.length} (${header.join(', ')}).`,
      );
    }
    const [concept, ...cellsByLanguage] = cells;
    if (concept === '') throw new TermTableError(file, i + 1, 'the concept column is empty.');
    const forms = new Map<string, string[]>();
    cellsByLanguage.forEach((cell, k) => {
      const list = cell
        .split('|')
        .map((f) => f.trim().normalize('NFC'))
        .filter((f) => f !== '');
      if (list.length > 0) forms.set(languages[k], list);
    });
    if (forms.size < 2) {
      throw new TermTableError(
        file,
        i + 1,
        `"${concept}" has forms in ${forms.size} language(s); a term needs at least two to translate.`,
      );
    }
    rows.push({ origin: `${file}:${i + 1}`, concept, forms });
  }
  return rows;
}

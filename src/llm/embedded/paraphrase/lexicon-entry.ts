/** Grammatical gender and number of a French or Spanish plain noun (for its determiner). */
export type NounGender = 'm' | 'f' | 'mp' | 'fp';

/** One piece of jargon and its plain-language wordings. */
export interface LexiconEntry {
  /** The jargon, lowercase; several spellings or forms share one entry. All-caps = acronym, matched case-sensitively. */
  readonly term: string | readonly string[];
  /** Plain wording (masculine where it has a gender). */
  readonly plain: string;
  /** Feminine plain wording, for an epicene term whose plain word agrees (asthénique → fatigué/fatiguée). */
  readonly feminine?: string;
  /** Even simpler wording for children. */
  readonly child?: string;
  /** Feminine of `child`. */
  readonly childFeminine?: string;
  /** Gender/number of the plain noun, to fix the determiner before it (fr, es). */
  readonly gender?: NounGender;
  /** Gender/number of the child wording when it differs from the plain noun's. */
  readonly childGender?: NounGender;
  /** A formal verb form, replaced only for children (administer → give). */
  readonly childOnly?: boolean;
}

const GENDERS = new Set<string>(['m', 'f', 'mp', 'fp']);

/**
 * Reads the compact lexicon notation, one entry a line (`#` starts a comment):
 * `term; other form = plain [/ feminine] [| child [/ child feminine]] [@m|@f|@mp|@fp[/child's]]`.
 * A line starting with `!` is a child-only verb form.
 */
export function parseLexicon(source: string): LexiconEntry[] {
  const entries: LexiconEntry[] = [];
  for (const raw of source.split('\n')) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const childOnly = line.startsWith('!');
    if (childOnly) line = line.slice(1).trim();
    let gender: NounGender | undefined;
    let childGender: NounGender | undefined;
    const tag = /\s@(\w+)(?:\/(\w+))?$/.exec(line);
    if (tag && GENDERS.has(tag[1])) {
      gender = tag[1] as NounGender;
      if (tag[2] && GENDERS.has(tag[2])) childGender = tag[2] as NounGender;
      line = line.slice(0, tag.index).trim();
    }
    const eq = line.indexOf(' = ');
    if (eq < 0) throw new Error(`Lexicon line without " = ": ${line}`);
    const terms = line
      .slice(0, eq)
      .split(';')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    const [plainPart, childPart] = line
      .slice(eq + 3)
      .split('|')
      .map((p) => p.trim());
    const [plain, feminine] = plainPart.split(' / ').map((p) => p.trim());
    const [child, childFeminine] = childPart ? childPart.split(' / ').map((p) => p.trim()) : [];
    entries.push({
      term: terms.length === 1 ? terms[0] : terms,
      plain,
      ...(feminine ? { feminine } : {}),
      ...(child ? { child } : {}),
      ...(childFeminine ? { childFeminine } : {}),
      ...(gender ? { gender } : {}),
      ...(childGender ? { childGender } : {}),
      ...(childOnly ? { childOnly } : {}),
    });
  }
  return entries;
}

/** The terms of an entry as a list. */
export function termsOf(entry: LexiconEntry): readonly string[] {
  return typeof entry.term === 'string' ? [entry.term] : entry.term;
}

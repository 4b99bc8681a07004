import { readFileSync } from 'node:fs';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { TermMatcher, type TermMatch } from './term-matcher.js';
import { parseTermTable, type TermRow } from '../../config/term-table.js';
import type { PartyGenders } from '../engines/translation-engine.js';
import { describedGender, withGenderedTerms } from './gendered-terms.js';

/** The built-in table beside this file (nest-cli.json copies it into dist/). */
export const CLINICAL_TERMS_FILE = new URL('./clinical-terms.tsv', import.meta.url);

/**
 * Where a term comes from: the hospital's glossary (GLOSSARY_FILE), which every engine must
 * follow, or the built-in table, which corrects the embedded engine's dictionary.
 */
export type TermSource = 'glossary' | 'builtin';

/** A term found in a text, with the table it comes from and the row's place, for messages. */
export interface ClinicalTerm extends TermMatch {
  readonly source: TermSource;
  /** The row's file and line, e.g. `glossary.tsv:3`. */
  readonly origin: string;
}

/**
 * The clinical terms a translation must render as the table says, whatever the engine would
 * choose: "chest" is "pecho", not "cofre"; "enceinte" is "pregnant", not "enclosure". Matchers
 * are built once per direction, on first use.
 */
export class ClinicalTerminology {
  private readonly matchers = new Map<string, { glossary: TermMatcher; builtIn: TermMatcher }>();
  /** Rows by concept, the glossary's over the built-in ones: where a gendered term finds its sibling. */
  private readonly byConcept: ReadonlyMap<string, TermRow>;

  /**
   * The glossary is matched first: a hospital's term wins even inside a longer built-in one
   * ("chest" is the glossary's "tórax" in "chest pain" too).
   */
  constructor(
    private readonly builtInRows: readonly TermRow[],
    private readonly glossaryRows: readonly TermRow[] = [],
  ) {
    this.byConcept = new Map([...builtInRows, ...glossaryRows].map((row) => [row.concept, row]));
  }

  /** The built-in clinical terminology (clinical-terms.tsv), after a hospital's glossary when there is one. */
  static builtIn(glossary: readonly TermRow[] = []): ClinicalTerminology {
    return new ClinicalTerminology(
      parseTermTable(readFileSync(CLINICAL_TERMS_FILE, 'utf8'), 'clinical-terms.tsv'),
      glossary,
    );
  }

  get size(): number {
    return this.builtInRows.length + this.glossaryRows.length;
  }

  /**
   * The table's terms in `text`, outside `reserved` spans, with what to write in `target`; a
   * gendered adjective agrees with the party the sentence is about when `genders` tells it.
   */
  find(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    reserved: readonly { start: number; end: number }[] = [],
    genders: PartyGenders = {},
  ): ClinicalTerm[] {
    if (!source.iso6391 || !target.iso6391) return [];
    const direction = `${source.iso6391}>${target.iso6391}`;
    let matchers = this.matchers.get(direction);
    if (!matchers) {
      matchers = {
        glossary: new TermMatcher(this.glossaryRows, source.iso6391, target.iso6391),
        builtIn: new TermMatcher(this.builtInRows, source.iso6391, target.iso6391),
      };
      this.matchers.set(direction, matchers);
    }
    const glossary = matchers.glossary.find(text, reserved);
    const builtIn = matchers.builtIn.find(text, [...reserved, ...glossary]);
    const term = (source: TermSource) => (match: TermMatch) => ({
      ...match,
      source,
      origin: match.row.origin,
    });
    const terms = [...glossary.map(term('glossary')), ...builtIn.map(term('builtin'))].sort(
      (a, b) => a.start - b.start,
    );
    const gender = describedGender(text, source.iso6391, genders);
    return withGenderedTerms(terms, text, this.byConcept, source.iso6391, target.iso6391, gender);
  }
}

import type { PhraseLanguage } from '../phrase-language.js';

/** What a stored file holds: the fingerprints of the code it was written for, and the bags. */
export interface StoredSignatures {
  /** The built code's, and the sources' it was built from (StoredSignatureFile). */
  readonly fingerprints: readonly string[];
  /** `${language}\n${template source}` → the bags the matcher indexes that text under. */
  readonly signatures: Readonly<Record<string, readonly string[]>>;
}

const keyOf = (language: PhraseLanguage, source: string) => `${language}\n${source}`;

/**
 * The bags of stems the matcher indexes each phrase text under, by language and text. Reading
 * them is most of what building the phrasebook costs (some 80,000 texts read for their values
 * and stemmed: 4 s of a 12 s start on a slow machine), and they depend only on the text, the
 * value lexicon and the phrasebook's own code: the build computes them once and the start reads
 * them back (StoredSignatureFile). A text missing here (a hospital's own phrase) is read as
 * before.
 */
export class PhraseSignatures {
  private readonly byText: Map<string, readonly string[]>;

  constructor(entries: Iterable<[string, readonly string[]]> = []) {
    this.byText = new Map(entries);
  }

  static fromStored(stored: StoredSignatures): PhraseSignatures {
    return new PhraseSignatures(Object.entries(stored.signatures));
  }

  get(language: PhraseLanguage, source: string): readonly string[] | undefined {
    return this.byText.get(keyOf(language, source));
  }

  set(language: PhraseLanguage, source: string, bags: readonly string[]): void {
    this.byText.set(keyOf(language, source), bags);
  }

  get size(): number {
    return this.byText.size;
  }

  toStored(fingerprints: readonly string[]): StoredSignatures {
    return { fingerprints, signatures: Object.fromEntries(this.byText) };
  }
}

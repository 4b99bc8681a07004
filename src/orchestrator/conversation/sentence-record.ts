import type { SentenceRecord } from './conversation.types.js';
import type { SessionLanguage } from '../languages/session-language.js';

/** What a sentence starts with; the rest comes from its branches. */
type SentenceStart = Pick<
  SentenceRecord,
  'id' | 'source' | 'detectedAt' | 'text' | 'language' | 'role' | 'status'
> &
  Partial<SentenceRecord>;

/** A sentence's record before any branch has run: revision 1, no results, no errors. */
export function newSentenceRecord(start: SentenceStart): SentenceRecord {
  return {
    revision: 1,
    languageIdentified: false,
    confidence: null,
    lowConfidence: false,
    translations: [],
    withheld: [],
    reformulations: [],
    speech: [],
    alternates: [],
    branchCSkipped: [],
    errors: [],
    ...start,
  };
}

/**
 * Sets the language the sentence's text is in: resolved (a party's or the catalog's), or only a
 * locale the catalog lacks, kept as said.
 */
export function setLanguage(
  record: SentenceRecord,
  language: SessionLanguage | undefined,
  locale = language?.locale ?? '',
): void {
  record.textLanguage = language;
  record.language = language?.locale ?? locale;
}

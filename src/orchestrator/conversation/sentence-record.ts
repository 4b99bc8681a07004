import type { SentenceRecord } from './conversation.types.js';

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
    reformulations: [],
    speech: [],
    alternates: [],
    branchCSkipped: [],
    errors: [],
    ...start,
  };
}

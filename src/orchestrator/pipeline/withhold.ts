import type { SentenceRecord, WithheldTranslation } from '../conversation/conversation.types.js';
import type { PipelineOutput } from './pipeline-output.js';

/**
 * Says the sentence's revision is not translated, and why (sentence_not_translated): by default,
 * because its text is in neither party's language.
 */
export function withhold(
  record: SentenceRecord,
  out: Pick<PipelineOutput, 'emit'>,
  why: Pick<WithheldTranslation, 'reason' | 'language' | 'suggestions'> = {
    reason: 'language_outside_session',
    language: record.outsideLanguage ?? 'und',
  },
): void {
  const withheld: WithheldTranslation = {
    revision: record.revision,
    reason: why.reason,
    language: why.language,
    ...(why.suggestions ? { suggestions: why.suggestions } : {}),
  };
  record.withheld.push(withheld);
  out.emit({ kind: 'withheld', sentence: record, withheld });
}

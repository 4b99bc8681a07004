/**
 * Searches captured logs for what was said in a conversation: each whole text, and each of its
 * longer words on its own (a log line holding part of a sentence is as bad as the sentence).
 */
export interface LogFinding {
  /** The text or word found. */
  said: string;
  /** The log around it, to tell what printed it. */
  context: string;
}

/** Words shorter than this are too common to tell a leak from a log's own vocabulary. */
const MIN_WORD_LENGTH = 7;

export function wordsOf(texts: string[]): string[] {
  const words = texts.flatMap((text) => text.toLowerCase().match(/\p{L}+/gu) ?? []);
  return [...new Set(words.filter((word) => word.length >= MIN_WORD_LENGTH))];
}

export function findSaidInLogs(logs: string, texts: string[]): LogFinding[] {
  const haystack = logs.toLowerCase();
  const needles = [...new Set(texts.map((text) => text.trim().toLowerCase()).filter(Boolean))];
  const findings: LogFinding[] = [];
  for (const said of [...needles, ...wordsOf(texts)]) {
    const at = haystack.indexOf(said);
    if (at >= 0) {
      findings.push({ said, context: logs.slice(Math.max(0, at - 80), at + said.length + 80) });
    }
  }
  return findings;
}

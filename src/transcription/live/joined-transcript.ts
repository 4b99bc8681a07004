import type { AsrTranscript } from '../engines/asr-engine.js';

/** How many words a text has. */
const wordCount = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

/**
 * One transcript of a sentence recognized in parts (finished at the speaker's pauses): the parts'
 * texts joined in order; the confidence the geometric mean of every word's posterior, i.e. the
 * parts' confidences (each the geometric mean of its words') weighted by their words. Parts
 * without words count for nothing; without any confidence among them, none.
 */
export function joinedTranscript(parts: readonly AsrTranscript[]): AsrTranscript {
  const spoken = parts.filter((part) => wordCount(part.text) > 0);
  const text = spoken.map((part) => part.text.trim()).join(' ');
  const locale = spoken.find((part) => part.locale)?.locale ?? parts.find((p) => p.locale)?.locale;
  let words = 0;
  let logSum = 0;
  for (const part of spoken) {
    if (part.confidence === undefined) continue;
    const n = wordCount(part.text);
    words += n;
    logSum += n * Math.log(Math.max(part.confidence, 1e-12));
  }
  return {
    text,
    ...(locale ? { locale } : {}),
    ...(words > 0 ? { confidence: Math.exp(logSum / words) } : {}),
  };
}

/** The text of earlier parts before the words so far of the current one, for a live caption. */
export function captionText(earlier: string, current: string): string {
  return [earlier.trim(), current.trim()].filter(Boolean).join(' ');
}

/**
 * Extractive summary: picks about 30 % of the sentences, verbatim and in their original order, so
 * every number and dose of a chosen sentence is exact. Sentences are scored in the text's own
 * language (content-word frequency, position, numbers, negations, allergies, medications); every
 * sentence holding a dose (or, in en/fr/es, an allergy) is kept even when it did not score high enough.
 */
import { protectedSpans } from '../../../language/medical-tokens.js';
import {
  ALLERGY_WORDS,
  MEDICATION_WORDS,
  NEGATIONS,
  STOP_WORDS,
  summaryLanguage,
  tokenize,
  type SummaryLanguage,
} from './lexicon.js';
import { splitSentences, type Sentence } from './sentences.js';

export interface ExtractiveSummaryOptions {
  /** The text's language: `en`, `fr`, `es` (or `fr-FR`, `fra_Latn`…); others use position and numbers. */
  readonly language: string;
  /** Share of the sentences to keep (default 0.3). */
  readonly ratio?: number;
  /** Most sentences chosen by score (sentences with doses are added beyond it). Default 10. */
  readonly maxSentences?: number;
}

export const DEFAULT_RATIO = 0.3;
export const DEFAULT_MAX_SENTENCES = 10;

// The number (or range) at the head of a protected span; what follows it is a unit or frequency.
const NUMBER_HEAD = /^\d+(?:[.,]\d+)*(?:\s?(?:-|–|\/|to)\s?\d+(?:[.,]\d+)*)?/u;

/** Whether `sentence` holds a dose: a number with a unit or frequency (medical-tokens spans). */
export function hasDose(sentence: string): boolean {
  return protectedSpans(sentence).some(
    ({ start, end }) => sentence.slice(start, end).replace(NUMBER_HEAD, '').trim().length > 0,
  );
}

function hasNumber(sentence: string): boolean {
  return protectedSpans(sentence).length > 0;
}

interface Scored {
  readonly sentence: Sentence;
  readonly score: number;
  /** Kept whatever its score: a dose or an allergy must never be summarized away. */
  readonly required: boolean;
}

function contentWords(text: string, language: SummaryLanguage): string[] {
  const stop = STOP_WORDS[language];
  return tokenize(text).filter((word) => word.length > 2 && !stop.has(word));
}

function countCues(words: readonly string[], cues: ReadonlySet<string>): number {
  let count = 0;
  for (const word of words) if (cues.has(word)) count++;
  return count;
}

function score(sentences: readonly Sentence[], language: SummaryLanguage | undefined): Scored[] {
  const total = sentences.length;
  const frequency = new Map<string, number>();
  const perSentence = sentences.map((sentence) =>
    language ? contentWords(sentence.text, language) : [],
  );
  for (const words of perSentence) {
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const maxFrequency = Math.max(1, ...frequency.values());

  return sentences.map((sentence, i) => {
    let value = 0;
    // Position: the opening sentences state the reason for the visit, the last ones the plan.
    value += 0.6 * (1 - i / total) ** 2;
    if (i === 0) value += 0.4;
    if (i === total - 1) value += 0.2;
    const dose = hasDose(sentence.text);
    let allergy = false;
    if (dose) value += 0.8;
    else if (hasNumber(sentence.text)) value += 0.4;
    if (language) {
      const words = perSentence[i];
      if (words.length > 0) {
        let sum = 0;
        for (const word of words) sum += (frequency.get(word) ?? 0) / maxFrequency;
        value += sum / Math.sqrt(words.length);
      }
      const all = tokenize(sentence.text);
      if (countCues(all, NEGATIONS[language]) > 0) value += 0.5;
      allergy = countCues(all, ALLERGY_WORDS[language]) > 0;
      if (allergy) value += 0.8;
      if (countCues(all, MEDICATION_WORDS[language]) > 0) value += 0.4;
    }
    // A heading or a fragment (`Plan:`) says little on its own.
    if (sentence.text.length < 15 || /:\s*$/.test(sentence.text)) value -= 0.6;
    return { sentence, score: value, required: dose || allergy };
  });
}

/** Joins chosen sentences back: line breaks where the input had them, else a space. */
function join(chosen: readonly Sentence[]): string {
  let out = '';
  for (const sentence of chosen) {
    if (out.length > 0) out += sentence.startsLine ? '\n' : ' ';
    out += sentence.text;
  }
  return out;
}

/** A shorter text made of verbatim sentences of `text`; short texts come back unchanged. */
export function summarize(text: string, options: ExtractiveSummaryOptions): string {
  const sentences = splitSentences(text);
  if (sentences.length <= 2) return text;
  const ratio = options.ratio ?? DEFAULT_RATIO;
  const max = options.maxSentences ?? DEFAULT_MAX_SENTENCES;
  const target = Math.max(1, Math.min(max, Math.round(sentences.length * ratio)));

  const scored = score(sentences, summaryLanguage(options.language));
  const ranked = [...scored].sort(
    (a, b) => b.score - a.score || a.sentence.index - b.sentence.index,
  );
  const chosen = new Set<number>(ranked.slice(0, target).map(({ sentence }) => sentence.index));
  for (const { sentence, required } of scored) if (required) chosen.add(sentence.index);

  if (chosen.size >= sentences.length) return text;
  return join(sentences.filter(({ index }) => chosen.has(index)));
}

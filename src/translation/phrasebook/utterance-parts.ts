import type { PhraseLanguage } from './phrase-language.js';

/** "and" in each language: where two instructions or questions said in one breath meet. */
const CONJUNCTION: Readonly<Record<PhraseLanguage, RegExp>> = {
  en: /\s+(?:and then|and)\s+/i,
  es: /\s+(?:y luego|y)\s+/i,
  fr: /\s+(?:et puis|et)\s+/i,
  'pt-BR': /\s+(?:e depois|e)\s+/i,
  it: /\s+(?:e poi|e)\s+/i,
};

/** A negation before "and" may reach past it ("Don't drive and drink"): then it is not split. */
const NEGATION: Readonly<Record<PhraseLanguage, RegExp>> = {
  en: /\b(?:not|no|never|don'?t|doesn'?t|didn'?t|can'?t|won'?t|isn'?t|aren'?t|nothing|nobody)\b/i,
  es: /(?:^|[^\p{L}])(?:no|nunca|nada|ni)(?=$|[^\p{L}])/iu,
  fr: /(?:^|[^\p{L}])(?:ne|n'|pas|jamais|rien|ni)(?=$|[^\p{L}])/iu,
  'pt-BR': /(?:^|[^\p{L}])(?:não|nao|nunca|nada|nem)(?=$|[^\p{L}])/iu,
  it: /(?:^|[^\p{L}])(?:non|mai|niente|né|ne)(?=$|[^\p{L}])/iu,
};

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** A comma, a colon or a dash between two clauses ("Take your time, there's no rush"). */
const CLAUSE_BREAK = /\s*(?:[,:]|\s[-–—])\s+/g;

/** Words at most in a sentence without punctuation that is tried split at every word. */
const MOST_WORDS_TO_SPLIT = 16;

/**
 * Ways to read an utterance as sentences said one after the other, whole first: split at
 * sentence punctuation, then each piece at one "and" or one comma where both sides have two
 * words or more and no negation comes before it. "Lie down on the bed and relax your stomach."
 * → two sentences.
 */
export function utteranceReadings(text: string, language: PhraseLanguage): string[][] {
  const sentences = sentencesOf(text);
  const readings: string[][] = [[text]];
  const pieces = sentences.map((sentence) => [
    [sentence],
    ...clauseSplits(sentence, language).map(([a, b]) => [a, b]),
  ]);
  // Every combination of each sentence whole or split once, the whole text excepted.
  let combos: string[][] = [[]];
  for (const options of pieces) combos = combos.flatMap((c) => options.map((o) => [...c, ...o]));
  for (const combo of combos) if (combo.length > 1) readings.push(combo);
  return readings;
}

/**
 * A recognizer's text without punctuation ("stay still dont move your neck"), split in two at
 * each word where both sides have two words or more and no negation comes before: tried only
 * when no other reading matches, and a match only when the splits that fit agree.
 */
export function unpunctuatedSplits(text: string, language: PhraseLanguage): [string, string][] {
  // Typed or punctuated text says where its sentences end; only a recognizer's bare words are split.
  if (/[.,;:?!¿¡]/.test(text)) return [];
  const tokens = text.trim().split(/\s+/);
  if (tokens.length > MOST_WORDS_TO_SPLIT) return [];
  const splits: [string, string][] = [];
  for (let at = 2; at <= tokens.length - 2; at++) {
    const before = tokens.slice(0, at).join(' ');
    const after = tokens.slice(at).join(' ');
    if (mayBreak(before, after, language)) splits.push([before, after]);
  }
  return splits;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.?!;])\s+/)
    .map((s) => s.trim())
    .filter((s) => words(s) > 0);
}

function clauseSplits(sentence: string, language: PhraseLanguage): [string, string][] {
  const splits: [string, string][] = [];
  const add = (before: string, after: string) => {
    if (mayBreak(before, after, language)) splits.push([before, after]);
  };
  const and = new RegExp(CONJUNCTION[language].source, 'gi');
  for (const match of sentence.matchAll(and)) {
    add(sentence.slice(0, match.index), sentence.slice(match.index + match[0].length));
  }
  for (const match of sentence.matchAll(CLAUSE_BREAK)) {
    add(sentence.slice(0, match.index), sentence.slice(match.index + match[0].length));
  }
  return splits;
}

/** Two words or more on each side, and no negation before: it may reach past the break. */
function mayBreak(before: string, after: string, language: PhraseLanguage): boolean {
  return words(before) >= 2 && words(after) >= 2 && !NEGATION[language].test(before);
}

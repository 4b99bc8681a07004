import type { PhraseEntry } from '../phrase-entry.js';
import type { LanguageMatcher, PhraseMatch } from '../phrase-matcher.js';

/** A phrase offered to the clinician, with the values the sentence named, and how close it is. */
export interface PhraseSuggestion {
  readonly match: PhraseMatch;
  /** 0..1: the share of the two texts' weighted words they have in common. */
  readonly score: number;
}

/** Below this, a phrase shares too little with the sentence to be worth a clinician's look. */
export const MIN_SUGGESTION_SCORE = 0.45;

interface Wording {
  readonly entry: PhraseEntry;
  readonly tokens: readonly string[];
}

/**
 * The closest phrases to a sentence that matched none (BabelDr's "did you mean"). Each wording
 * is the matcher's bag of stems, values as variables; a sentence is compared with every
 * wording by the weighted share of words they have in common (Dice), a word weighing by how
 * rare it is among the wordings (inverse document frequency), so "chest" counts more than
 * "have". A phrase whose variables the sentence gives no value for is not offered: it could
 * not be sent as it stands. The clinician confirms what is sent, so closeness is enough here;
 * the strict match stays the only way a phrase is sent unconfirmed.
 */
export class PhraseSuggester {
  private readonly wordings: Wording[] = [];
  private readonly documentFrequency = new Map<string, number>();
  private readonly entries = new Map<string, PhraseEntry>();

  constructor(private readonly matcher: LanguageMatcher) {}

  /** One wording of an entry, by the bags the matcher indexed it under. */
  add(entry: PhraseEntry, keys: readonly string[]): void {
    for (const key of keys) {
      const tokens = key.split(' ').filter(Boolean);
      if (tokens.length === 0) continue;
      this.wordings.push({ entry, tokens });
      this.entries.set(entry.id, entry);
      for (const token of new Set(tokens)) {
        this.documentFrequency.set(token, (this.documentFrequency.get(token) ?? 0) + 1);
      }
    }
  }

  suggest(text: string, limit: number): PhraseSuggestion[] {
    const { tokens, values } = this.matcher.looseReading(text);
    if (tokens.length === 0 || limit <= 0) return [];
    const said = counts(tokens);
    const saidWeight = this.weightOf(said);
    const best = new Map<string, number>();
    for (const wording of this.wordings) {
      if (!wording.entry.slots.every((slot) => values.has(slot))) continue;
      const written = counts(wording.tokens);
      let common = 0;
      for (const [token, n] of written) {
        const m = said.get(token);
        if (m !== undefined) common += Math.min(n, m) * this.weight(token);
      }
      if (common === 0) continue;
      const score = (2 * common) / (saidWeight + this.weightOf(written));
      if (score > (best.get(wording.entry.id) ?? 0)) best.set(wording.entry.id, score);
    }
    return [...best]
      .filter(([, score]) => score >= MIN_SUGGESTION_SCORE)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([id, score]) => {
        const entry = this.entries.get(id)!;
        const filled = new Map(entry.slots.map((slot) => [slot, values.get(slot)!]));
        return { match: { entry, values: filled }, score: Math.round(score * 1000) / 1000 };
      });
  }

  private weight(token: string): number {
    return Math.log(1 + this.wordings.length / (this.documentFrequency.get(token) ?? 1));
  }

  private weightOf(bag: ReadonlyMap<string, number>): number {
    let total = 0;
    for (const [token, n] of bag) total += n * this.weight(token);
    return total;
  }
}

function counts(tokens: readonly string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const token of tokens) bag.set(token, (bag.get(token) ?? 0) + 1);
  return bag;
}

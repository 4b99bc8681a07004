import type { PhraseLanguage } from './phrase-language.js';
import type { UtteranceNormalizer } from './text/utterance-normalizer.js';
import { alternativeValue, isOrWord, takesAlternatives } from './values/alternative-values.js';
import type { ValueLexicon } from './values/value-lexicon.js';
import { type PhraseValue, type ValueType, VALUE_TYPES } from './values/value-types.js';

/** A word of a sentence, a value it names, or a phrase's variable. */
export type Item =
  | { readonly kind: 'word'; readonly word: string }
  | {
      readonly kind: 'value';
      readonly value: PhraseValue;
      /** The words that named it ("en los pies": a form may carry its preposition). */
      readonly words?: readonly string[];
    }
  | { readonly kind: 'slot'; readonly type: ValueType };

/** A word that carries nothing here (an article, "your", "any"): see UtteranceNormalizer.comparable. */
export const isIgnorableWord = (item: Item, normalizer: UtteranceNormalizer) =>
  item.kind === 'word' && normalizer.comparable(item.word) === undefined;

/** Stand-in word for a variable while a template is read: digits, so it is never stemmed. */
export const slotWord = (type: ValueType) => `qq${VALUE_TYPES.indexOf(type)}qq`;
const SLOT_WORD = /^qq(\d+)qq$/;

/** Readings of one sentence's values tried at most (overlapping values are rare). */
const MAX_SEGMENTATIONS = 8;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/** Finds the values (body parts, drugs, durations …) a sentence of one language names. */
export class SentenceValues {
  private readonly spans = new Map<string, { words: string[]; value: PhraseValue }[]>();

  constructor(
    private readonly language: PhraseLanguage,
    lexicon: ValueLexicon,
    private readonly normalizer: UtteranceNormalizer,
  ) {
    for (const value of lexicon.all()) {
      for (const surface of value.languages[language].surfaces) {
        const words = normalizer.valueWords(surface);
        if (words.length === 0) continue;
        const list = this.spans.get(words[0]) ?? [];
        if (!list.some((s) => s.value === value && s.words.join(' ') === words.join(' '))) {
          list.push({ words, value });
        }
        this.spans.set(words[0], list);
      }
    }
    for (const list of this.spans.values()) list.sort((a, b) => b.words.length - a.words.length);
  }

  /**
   * Words and recognized values, longest value first: the first of the segmentations, read
   * straight through (the phrasebook reads some 80,000 texts at start; the search of every
   * reading took 1 s of it).
   */
  items(text: string): Item[] {
    const words = this.normalizer.words(text);
    const items: Item[] = [];
    for (let i = 0; i < words.length;) {
      const slot = SLOT_WORD.exec(words[i]);
      const [longest] = slot ? [] : this.fitsAt(words, i);
      if (slot) items.push({ kind: 'slot', type: VALUE_TYPES[Number(slot[1])] });
      else if (longest) items.push({ kind: 'value', value: longest.value, words: longest.words });
      else items.push({ kind: 'word', word: words[i] });
      i += longest?.words.length ?? 1;
    }
    return this.withAlternatives(items);
  }

  /**
   * Ways to read words as words and values: the longest value first (as `items`), then, where
   * values overlap, a shorter one fits or the same words name two values ("3 years" is a
   * duration, "3" a number before "years"; "medicamento para la tensión" a drug, "la tensión
   * baja" a condition; "temperature" a symptom and a test), the other readings.
   */
  segmentations(words: readonly string[], most = MAX_SEGMENTATIONS): Item[][] {
    const found: Item[][] = [];
    const walk = (i: number, items: Item[]) => {
      if (found.length >= most) return;
      if (i >= words.length) {
        found.push(items);
        return;
      }
      const slot = SLOT_WORD.exec(words[i]);
      if (slot) {
        walk(i + 1, [...items, { kind: 'slot', type: VALUE_TYPES[Number(slot[1])] }]);
        return;
      }
      // Every value these words may name: "temperature" is a symptom and a test.
      const fits = this.fitsAt(words, i);
      for (const span of fits)
        walk(i + span.words.length, [
          ...items,
          { kind: 'value', value: span.value, words: span.words },
        ]);
      const end = i + (fits[0]?.words.length ?? 1);
      const overlapped =
        fits.length > 0 &&
        range(i + 1, end).some((j) =>
          this.fitsAt(words, j).some((span) => j + span.words.length > end),
        );
      if (fits.length === 0 || overlapped)
        walk(i + 1, [...items, { kind: 'word', word: words[i] }]);
    };
    walk(0, []);
    return found.map((items) => this.withAlternatives(items));
  }

  /**
   * Values of one type said as alternatives, as one value: "a fever or chills", "fever, chills
   * or sweats", "au bras ou à la jambe". Only a run that an "or" closes; articles and other
   * ignorable words between are dropped, any other word ends the run.
   */
  private withAlternatives(items: Item[]): Item[] {
    const out: Item[] = [];
    for (let i = 0; i < items.length;) {
      const first = items[i];
      if (first.kind !== 'value' || !takesAlternatives(first.value)) {
        out.push(first);
        i++;
        continue;
      }
      const parts = [first.value];
      let closed = { parts: 1, end: i + 1 };
      for (let at = i + 1; ;) {
        let k = this.afterIgnorable(items, at);
        const candidate = items[k];
        const byOr = candidate?.kind === 'word' && isOrWord(candidate.word, this.language);
        if (byOr) k = this.afterIgnorable(items, k + 1);
        const next = items[k];
        if (
          next?.kind !== 'value' ||
          next.value.type !== first.value.type ||
          parts.some((part) => part.id === next.value.id)
        )
          break;
        parts.push(next.value);
        at = k + 1;
        if (byOr) closed = { parts: parts.length, end: at };
      }
      if (closed.parts < 2) {
        out.push(first);
        i++;
        continue;
      }
      const value = alternativeValue(parts.slice(0, closed.parts));
      out.push({ kind: 'value', value, words: first.words });
      i = closed.end;
    }
    return out;
  }

  private afterIgnorable(items: readonly Item[], from: number): number {
    let at = from;
    while (at < items.length && isIgnorableWord(items[at], this.normalizer)) at++;
    return at;
  }

  /** The values whose words start at `i`, longest first. */
  private fitsAt(words: readonly string[], i: number) {
    return (this.spans.get(words[i]) ?? []).filter((s) =>
      s.words.every((word, k) => words[i + k] === word),
    );
  }
}

import type { PhraseEntry } from './phrase-entry.js';
import type { PhraseLanguage } from './phrase-language.js';
import type { PhraseTemplate } from './template/phrase-template.js';
import { type Item, SentenceValues, slotWord } from './sentence-values.js';
import { UtteranceNormalizer } from './text/utterance-normalizer.js';
import { placeAdjunctReadings, saysItsOwnPlace } from './place-adjunct.js';
import { adjunctReadings, saysItsOwnTime } from './time-adjunct.js';
import { PhraseSignatures } from './signatures/phrase-signatures.js';
import type { ValueLexicon } from './values/value-lexicon.js';
import type { PhraseValue, ValueType } from './values/value-types.js';
import { bag, readings, sameBag, valueOrder } from './phrase-readings.js';
import { isQuestion, sentenceKind } from './sentence-kind.js';

/** A phrase and the values its variables take in what was said. */
export interface PhraseMatch {
  readonly entry: PhraseEntry;
  readonly values: ReadonlyMap<ValueType, PhraseValue>;
  /**
   * A time said with the phrase ("since last night"), or where its symptom is ("in your feet"),
   * put at the end of its translation.
   */
  readonly adjunct?: PhraseValue;
}

/** What the matcher found: a match, or why not (for metrics and the benchmark). */
export type MatchOutcome =
  | { readonly matched: true; readonly match: PhraseMatch }
  | { readonly matched: false; readonly reason: 'no_phrase' | 'ambiguous' | 'empty' };

interface Candidate {
  readonly entry: PhraseEntry;
  readonly template: PhraseTemplate;
}

/** A variable (`$body_part`) in a bag of words. */
const isVariableToken = (token: string) => token.startsWith('$');

const isSymptom = (item: Item | undefined) =>
  (item?.kind === 'value' && item.value.type === 'symptom') ||
  (item?.kind === 'slot' && item.type === 'symptom');

/** Whether a sentence asks ('question'), tells ('statement') or does not say; `either`: see asking. */
interface Asking {
  readonly kind: 'question' | 'statement' | undefined;
  readonly either: boolean;
}

/** A verified reading, and whether the wording it matched asks a question. */
type Verified = PhraseMatch & { readonly asks: boolean };

const GENDERS = ['male', 'female'] as const;

/**
 * Finds the phrase a sentence of one language says, by retrieval and then verification.
 *
 * Retrieval: the sentence's words, with values (body parts, drugs, durations …) recognized, are
 * reduced to a bag of stems; each reading that takes some values as variables is looked up
 * among the bags of the phrases' texts. Verification: each phrase found is written out with the
 * values the sentence gave, and its bag must equal the sentence's, word for word. So every
 * content word of what was said is accounted for: a negation, a side, a number, a body part or a
 * time the phrase does not carry means no match. Two phrases that both fit mean no match too.
 */
export class LanguageMatcher {
  private readonly index = new Map<string, Candidate[]>();
  private readonly bodyParts = new Map<string, number>();
  private readonly wordlessTexts: Candidate[] = [];
  private readonly valueReader: SentenceValues;
  readonly normalizer: UtteranceNormalizer;

  constructor(
    readonly language: PhraseLanguage,
    lexicon: ValueLexicon,
    /** Bags already computed for a text (stored by the build); the ones computed here join it. */
    private readonly signatures = new PhraseSignatures(),
  ) {
    this.normalizer = new UtteranceNormalizer(language);
    this.valueReader = new SentenceValues(language, lexicon, this.normalizer);
  }

  /**
   * Indexes one text of an entry (its canonical or another wording) in this language. A text
   * that says nothing but its variables once openers, closers and articles are gone ("$body_part
   * está bem": "está bem" closes a sentence) is not indexed: any sentence naming a body part
   * would match it. The check reports it (`wordless`). A fixed value alone ("Chest pain?") is a
   * phrase.
   */
  add(entry: PhraseEntry, template: PhraseTemplate): string[] {
    let keys = this.signatures.get(this.language, template.source);
    if (!keys) {
      keys = this.bagsOf(template);
      this.signatures.set(this.language, template.source, keys);
    }
    for (const key of keys) {
      if (key !== '' && key.split(' ').every(isVariableToken)) {
        this.wordlessTexts.push({ entry, template });
        continue;
      }
      const list = this.index.get(key) ?? [];
      if (!list.some((c) => c.entry.id === entry.id && c.template === template))
        list.push({ entry, template });
      this.index.set(key, list);
    }
    return [...keys];
  }

  /** The bags a text is indexed under: one per form it reads differently in. */
  private bagsOf(template: PhraseTemplate): string[] {
    const genders = template.agreesWithPatient ? GENDERS : ([undefined] as const);
    const agreements = template.agreesWithValue ? [0, 1, 2, 3] : [0];
    // Most forms read the same (a gender or an agreement the text does not show): read once.
    const texts = new Set<string>();
    for (const gender of genders) {
      for (const agreement of agreements) {
        texts.add(template.render(this.language, new Map(), gender, slotWord, agreement));
      }
    }
    return [...new Set([...texts].map((text) => this.signature(this.valueReader.items(text))))];
  }

  /** Texts that say nothing but their variables to the matcher (see add). */
  wordless(): readonly Candidate[] {
    return this.wordlessTexts;
  }

  /** Entries indexed under the same bag as another entry: duplicates to the matcher. */
  collisions(): Candidate[][] {
    return [...this.index.values()].filter((list) => new Set(list.map((c) => c.entry.id)).size > 1);
  }

  /** The values recognized in a text, in order (for tools that label sentences). */
  valuesIn(text: string): PhraseValue[] {
    return this.valueReader
      .items(text)
      .flatMap((item) => (item.kind === 'value' ? [item.value] : []));
  }

  /**
   * A sentence as a bag like the indexed ones, its first values of each type taken as variables,
   * and those values: how the suggester compares it with every phrase.
   */
  looseReading(text: string): { tokens: string[]; values: Map<ValueType, PhraseValue> } {
    const [items = []] = this.valueReader.segmentations(this.normalizer.words(text));
    const values = new Map<ValueType, PhraseValue>();
    const slotted = items.map((item): Item => {
      if (item.kind !== 'value' || values.has(item.value.type)) return item;
      values.set(item.value.type, item.value);
      return { kind: 'slot', type: item.value.type };
    });
    return { tokens: this.signature(slotted).split(' ').filter(Boolean), values };
  }

  match(text: string): MatchOutcome {
    const segmentations = this.valueReader.segmentations(this.normalizer.words(text));
    if (segmentations[0].length === 0) return { matched: false, reason: 'empty' };
    const readings = isQuestion(text)
      ? [...segmentations, ...this.loneSymptomAsked(segmentations)]
      : segmentations;
    const verified: Verified[] = [];
    for (const items of readings) this.verifyReadings(items, verified);
    const asking = this.asking(text);
    const whole = this.choose(asking, verified);
    if (whole.matched || whole.reason !== 'no_phrase') return whole;
    return this.matchWithAdjunct(text, asking, segmentations) ?? whole;
  }

  /**
   * A phrase said with a time before or after it ("Any vomiting since last night?", "Today,
   * did you eat?"), when no phrase says the whole: the phrase, and the time as its adjunct.
   * Two phrases, or two times, that fit mean no match.
   */
  private matchWithAdjunct(text: string, asking: Asking, segmentations: readonly Item[][]) {
    const byAdjunct = new Map<string, { adjunct: PhraseValue; verified: Verified[] }>();
    for (const items of segmentations) {
      const found = [...adjunctReadings(items), ...placeAdjunctReadings(items, this.normalizer)];
      for (const [adjunct, rest] of found) {
        const key = `${adjunct.type}:${adjunct.id}`;
        const { verified } = byAdjunct.get(key) ?? { adjunct, verified: [] };
        const readings = isQuestion(text) ? [rest, ...this.loneSymptomAsked([rest])] : [rest];
        for (const reading of readings) this.verifyReadings(reading, verified);
        byAdjunct.set(key, { adjunct, verified });
      }
    }
    const outcomes = [...byAdjunct.values()].map(({ adjunct, verified }) => ({
      adjunct,
      outcome: this.choose(
        asking,
        verified.filter((m) =>
          adjunct.type === 'body_part'
            ? !saysItsOwnPlace(m.entry, this.bodyPartsIn)
            : !saysItsOwnTime(m.entry),
        ),
      ),
    }));
    const matched = outcomes.flatMap(({ adjunct, outcome }) =>
      outcome.matched ? [{ ...outcome.match, adjunct }] : [],
    );
    const ambiguous = outcomes.some(
      ({ outcome }) => !outcome.matched && outcome.reason === 'ambiguous',
    );
    if (matched.length > 1 || ambiguous) return { matched: false, reason: 'ambiguous' } as const;
    return matched.length === 1 ? ({ matched: true, match: matched[0] } as const) : undefined;
  }

  /** How many body parts a phrase's canonical text names in this language (once per phrase). */
  private readonly bodyPartsIn = (entry: PhraseEntry): number => {
    let count = this.bodyParts.get(entry.id);
    if (count === undefined) {
      count = this.valuesIn(entry.texts[this.language].source).filter(
        (value) => value.type === 'body_part',
      ).length;
      this.bodyParts.set(entry.id, count);
    }
    return count;
  };

  /** Every phrase that says what `items` say, with some of its values as variables. */
  private verifyReadings(items: readonly Item[], verified: Verified[]) {
    const saidTokens = this.tokens(items);
    const said = { bag: bag(saidTokens), values: valueOrder(saidTokens) };
    const spans = items.flatMap((item, position) => (item.kind === 'value' ? [position] : []));
    for (const chosen of readings(spans)) {
      const values = new Map<ValueType, PhraseValue>();
      let distinct = true;
      for (const position of chosen) {
        const { value } = items[position] as { value: PhraseValue };
        if (values.has(value.type)) distinct = false;
        values.set(value.type, value);
      }
      if (!distinct) continue;
      const reading = items.map((item, position): Item =>
        chosen.includes(position) && item.kind === 'value'
          ? { kind: 'slot', type: item.value.type }
          : item,
      );
      for (const candidate of this.index.get(this.signature(reading)) ?? []) {
        if (
          sameTypes(candidate.template.slots, values) &&
          !agreesWithAlternatives(candidate.entry, values) &&
          this.verify(candidate.template, values, said)
        ) {
          const asks = isQuestion(candidate.template.source);
          if (
            !verified.some(
              (m) =>
                m.entry.id === candidate.entry.id &&
                m.asks === asks &&
                sameValues(m.values, values),
            )
          ) {
            verified.push({ entry: candidate.entry, values, asks });
          }
        }
      }
    }
  }

  /**
   * Whether a sentence asks or tells. Without punctuation, "tiene fiebre" may do either. In
   * English the word order tells first: a period after "Is your temperature high" is only a
   * recognizer's habit, and "Metformin is for diabetes." does not ask; "Tell me where it hurts."
   * asks or instructs (`either`): its punctuation first, else what fits.
   */
  private asking(text: string): Asking {
    const order = this.normalizer.asksByOrder(text);
    return { kind: order === true ? 'question' : sentenceKind(text), either: order === 'either' };
  }

  /** The one phrase the verified readings agree on, or why there is none. */
  private choose({ kind, either }: Asking, verified: readonly Verified[]): MatchOutcome {
    if (verified.length === 0) return { matched: false, reason: 'no_phrase' };
    // A question and a statement that both fit a sentence that may be either mean no match; a
    // question is never matched to a statement, nor the reverse.
    const kinds = new Set(verified.map((m) => m.asks));
    if (kind === undefined && kinds.size > 1) return { matched: false, reason: 'ambiguous' };
    const ofKind = verified.filter((m) => kind === undefined || m.asks === (kind === 'question'));
    const found = (either && ofKind.length === 0 ? verified : ofKind).filter(
      (m, i, all) =>
        all.findIndex((o) => o.entry.id === m.entry.id && sameValues(o.values, m.values)) === i,
    );
    if (found.length === 0) return { matched: false, reason: 'no_phrase' };
    // The reading with the fewest variables is the most literal: "Do you have a fever?" is its
    // own phrase before it is "Do you have $symptom.have?" with fever.
    const fewest = Math.min(...found.map((m) => m.values.size));
    const best = found.filter((m) => m.values.size === fewest);
    if (best.length > 1) return { matched: false, reason: 'ambiguous' };
    return { matched: true, match: { entry: best[0].entry, values: best[0].values } };
  }

  /**
   * The phrase written out with the values must say exactly what was said, word for word, with
   * its values in the same order: "pain besides the cough" is not "a cough besides the pain".
   */
  private verify(
    template: PhraseTemplate,
    values: Map<ValueType, PhraseValue>,
    said: { bag: Map<string, number>; values: string },
  ) {
    const genders = template.agreesWithPatient ? GENDERS : ([undefined] as const);
    return genders.some((gender) => {
      const words = this.normalizer.words(template.render(this.language, values, gender));
      return this.valueReader.segmentations(words).some((items) => {
        const written = this.tokens(items);
        return sameBag(bag(written), said.bag) && valueOrder(written) === said.values;
      });
    });
  }

  /**
   * A symptom asked alone is a question about it: "¿Fiebre?" is also "¿Tiene fiebre?". Only with
   * its question mark: "Cough." is an instruction.
   */
  private loneSymptomAsked(segmentations: readonly Item[][]): Item[][] {
    return segmentations.flatMap(([only, ...rest]) =>
      rest.length === 0 && only?.kind === 'value' && only.value.type === 'symptom'
        ? [
            [
              ...this.normalizer.loneSymptomQuestion.map((word): Item => ({ kind: 'word', word })),
              only,
            ],
          ]
        : [],
    );
  }

  /**
   * Comparable tokens: stems, values as `v:type:id`, variables as `$type`; a demonstrative before
   * a symptom ("this cough") is its article.
   */
  private tokens(items: readonly Item[]): string[] {
    return items.flatMap((item, i) => {
      if (item.kind === 'slot') return [`$${item.type}`];
      if (item.kind === 'value') return [`v:${item.value.type}:${item.value.id}`];
      if (this.normalizer.isDemonstrative(item.word) && isSymptom(items[i + 1])) return [];
      const word = this.normalizer.comparable(item.word);
      return word === undefined ? [] : [word];
    });
  }

  /** The bag a text is looked up by: a preposition just before a variable does not count here. */
  private signature(items: readonly Item[]): string {
    const kept = items.filter(
      (item, i) =>
        !(
          item.kind === 'word' &&
          this.normalizer.isPreposition(item.word) &&
          items[i + 1]?.kind === 'slot'
        ),
    );
    return this.tokens(kept).sort().join(' ');
  }
}

/**
 * Whether a word of the phrase, in a language it is shown in, agrees with values said as
 * alternatives: "hinchado el brazo o la pierna" has no one right form, so no match.
 */
const agreesWithAlternatives = (entry: PhraseEntry, values: Map<ValueType, PhraseValue>) =>
  [...values].some(
    ([type, value]) =>
      value.parts !== undefined &&
      [...Object.values(entry.texts), ...Object.values(entry.plain)].some((template) =>
        template?.agreesWith.has(type),
      ),
  );

const sameTypes = (slots: readonly ValueType[], values: Map<ValueType, PhraseValue>) =>
  slots.length === values.size && slots.every((type) => values.has(type));

const sameValues = (
  a: ReadonlyMap<ValueType, PhraseValue>,
  b: ReadonlyMap<ValueType, PhraseValue>,
) => a.size === b.size && [...a].every(([type, value]) => b.get(type)?.id === value.id);

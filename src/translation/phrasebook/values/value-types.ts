import type { PhraseLanguage } from '../phrase-language.js';
import type { Agreement, NounForm } from './noun-forms.js';

/** The kinds of variable a phrase may carry ($body_part, $duration …). */
export const VALUE_TYPES = [
  'body_part',
  'symptom',
  'condition',
  'drug',
  'test',
  'duration',
  'time_of_day',
  'frequency',
  'number',
  'dose',
  'when',
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** Types whose values are nouns with articles, read from values/<type>.yaml. */
export const NOUN_TYPES: ReadonlySet<ValueType> = new Set([
  'body_part',
  'symptom',
  'condition',
  'drug',
  'test',
]);
/** Types whose values are written whole, read from values/<type>.yaml. */
export const FIXED_TYPES: ReadonlySet<ValueType> = new Set(['time_of_day', 'frequency', 'when']);
/**
 * Types whose value may follow (or open) any phrase as a time it is said about: "Have you
 * vomited" + "since last night". The phrase's translation carries it at its end.
 */
export const ADJUNCT_TYPES: ReadonlySet<ValueType> = new Set(['when', 'time_of_day']);

export const isValueType = (value: string): value is ValueType =>
  (VALUE_TYPES as readonly string[]).includes(value);

export interface ValueInLanguage {
  readonly forms: Readonly<Record<NounForm, string>>;
  readonly agreement: Agreement;
  /** Every way a speaker says it: its forms and the other words for it. */
  readonly surfaces: readonly string[];
}

/** One value of a variable ("left arm", "3 days"), in every phrasebook language. */
export interface PhraseValue {
  readonly type: ValueType;
  /** e.g. `arm.left`, `duration.3.day`. */
  readonly id: string;
  readonly languages: Readonly<Record<PhraseLanguage, ValueInLanguage>>;
  /** For values said as alternatives ("fever or chills"): each of them. */
  readonly parts?: readonly PhraseValue[];
}

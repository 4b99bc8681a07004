import type { PhraseEntry } from './phrase-entry.js';
import type { Item } from './sentence-values.js';
import { ADJUNCT_TYPES, type PhraseValue } from './values/value-types.js';

/**
 * A phrase that says when itself ("Have you ever broken a bone?", "… for $duration?") takes no
 * other time: "ever" and "recently" together say neither.
 */
const OWN_TIME =
  /\b(?:ever|never|before|already|still|yet|again|ago|recently|lately|today|tonight|tomorrow|yesterday|now|since|last|next|first|morning|afternoon|evening|night|week|month|year)\b/i;

export const saysItsOwnTime = (entry: PhraseEntry) =>
  entry.slots.some((type) => type === 'duration' || ADJUNCT_TYPES.has(type)) ||
  OWN_TIME.test(entry.texts.en.source);

/** A time value first or last ("… since last night"), and the words without it (never nothing). */
export function adjunctReadings(items: readonly Item[]): [PhraseValue, Item[]][] {
  if (items.length < 2) return [];
  const found: [PhraseValue, Item[]][] = [];
  const last = items[items.length - 1];
  if (last.kind === 'value' && ADJUNCT_TYPES.has(last.value.type)) {
    found.push([last.value, items.slice(0, -1)]);
  }
  const first = items[0];
  if (first.kind === 'value' && ADJUNCT_TYPES.has(first.value.type)) {
    found.push([first.value, items.slice(1)]);
  }
  return found;
}

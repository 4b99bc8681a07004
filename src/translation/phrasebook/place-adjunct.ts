import type { PhraseEntry } from './phrase-entry.js';
import type { PhraseLanguage } from './phrase-language.js';
import { type Item, isIgnorableWord } from './sentence-values.js';
import type { UtteranceNormalizer } from './text/utterance-normalizer.js';
import type { NounForm } from './values/noun-forms.js';
import type { PhraseValue } from './values/value-types.js';

/**
 * The form a place after a symptom is written in: French and Italian say where a symptom is
 * with "à" / "a" ("mal au dos", "des fourmillements aux pieds", "dolore al braccio"), the
 * others with "in" ("dolor en la espalda", "dor nas costas").
 */
export const PLACE_FORM: Readonly<Record<PhraseLanguage, NounForm>> = {
  en: 'in_the',
  es: 'in_the',
  fr: 'to_the',
  'pt-BR': 'in_the',
  it: 'to_the',
};

/**
 * Where a symptom is, said at the end of a sentence: "Do you get pins and needles" + "in your
 * feet". The body part, and the words without it, when what is left names a symptom: a place
 * after "Do you smoke" or "Take this" says nothing a phrase can carry.
 */
export function placeAdjunctReadings(
  items: readonly Item[],
  normalizer: UtteranceNormalizer,
): [PhraseValue, Item[]][] {
  const last = items[items.length - 1];
  if (last?.kind !== 'value' || last.value.type !== 'body_part') return [];
  // A Romance form carries its preposition: "en los pies", "nos pés", "ai piedi".
  if (last.words && normalizer.isPlacePreposition(last.words[0])) {
    return withSymptom(last.value, items.slice(0, -1));
  }
  let at = items.length - 2;
  // Articles and possessives between the preposition and the body part ("in your feet").
  while (at >= 0 && isIgnorableWord(items[at], normalizer)) at--;
  const preposition = items[at];
  if (preposition?.kind !== 'word' || !normalizer.isPlacePreposition(preposition.word)) return [];
  return withSymptom(last.value, items.slice(0, at));
}

function withSymptom(place: PhraseValue, rest: Item[]): [PhraseValue, Item[]][] {
  const namesSymptom = rest.some((item) => item.kind === 'value' && item.value.type === 'symptom');
  return namesSymptom ? [[place, rest]] : [];
}

/** Words of a phrase about where something is or goes: "to the arm" is not "in the arm". */
const OWN_PLACE = /\b(?:where|spread\w*|radiat\w*|move\w*|go|goes|going|travel\w*|anywhere)\b/i;

/**
 * A phrase that says where itself ("Where is the pain?", "… in your $body_part", "Is your chest
 * tight?") takes no other place. `bodyPartsIn` reads the phrase's text in the language spoken.
 */
export const saysItsOwnPlace = (entry: PhraseEntry, bodyPartsIn: (entry: PhraseEntry) => number) =>
  entry.slots.includes('body_part') ||
  OWN_PLACE.test(entry.texts.en.source) ||
  bodyPartsIn(entry) > 0;

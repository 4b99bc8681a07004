import type { PhraseEntry } from '../phrase-entry.js';
import type { PhrasebookProblem } from '../phrasebook-check.js';
import { DOSE_UNITS, DURATION_UNITS } from '../values/generated-values.js';
import type { ValueLexicon } from '../values/value-lexicon.js';
import { NOUN_TYPES, FIXED_TYPES, type ValueType } from '../values/value-types.js';
import type { TargetBook } from './target-book.js';

/** Types whose values a target language writes out one by one (numbers are made from units). */
const LISTED_TYPES: readonly ValueType[] = [...NOUN_TYPES, ...FIXED_TYPES];

/**
 * What a target language lacks or gets wrong: every canonical sentence must be written, with
 * the English text's variables; every value of a type in every form its phrases use; every
 * unit in every plural category of the language.
 */
export function checkTargetBook(
  book: TargetBook,
  entries: ReadonlyMap<string, PhraseEntry>,
  lexicon: ValueLexicon,
  file: string,
): PhrasebookProblem[] {
  const problems: PhrasebookProblem[] = [];
  const at = (problem: string) =>
    problems.push({ file, line: 1, problem: `${book.language}: ${problem}` });
  const { phrases, values, units } = book.data;
  // A hospital's own new phrase may be given in the languages it chooses: not sent in the others.
  const missing = [...entries.values()]
    .filter((entry) => entry.source === 'built-in' && !phrases.has(entry.id))
    .map((entry) => entry.id);
  if (missing.length > 0) {
    at(`${missing.length} phrases not written, e.g. ${missing.slice(0, 5).join(', ')}.`);
  }
  const formsUsed = new Map<ValueType, Set<string>>();
  const agreedWith = new Set<ValueType>();
  for (const [id, template] of phrases) {
    const entry = entries.get(id);
    if (!entry) {
      at(`"${id}" is not a phrase of the phrasebook.`);
      continue;
    }
    if (template.slots.join(',') !== entry.slots.join(',')) {
      at(
        `${id} carries ${template.slots.join(', ') || 'no variables'}, the phrase ${entry.slots.join(', ') || 'none'}.`,
      );
    }
    for (const part of template.parts)
      if (part.kind === 'agree' && part.with) agreedWith.add(part.with);
    for (const [type, form] of template.forms) {
      const used = formsUsed.get(type) ?? new Set<string>();
      used.add(form);
      formsUsed.set(type, used);
    }
  }
  for (const type of LISTED_TYPES) {
    const needed = new Set(['bare', ...(formsUsed.get(type) ?? [])]);
    for (const value of lexicon.values(type)) {
      const written = values.get(`${type}:${value.id}`);
      if (!written) {
        at(`the ${type} value "${value.id}" is not written.`);
        continue;
      }
      const lacking = [...needed].filter((form) => written.forms[form] === undefined);
      if (lacking.length > 0)
        at(`the ${type} value "${value.id}" lacks the forms ${lacking.join(', ')}.`);
      if (agreedWith.has(type) && written.agreement === undefined) {
        at(`the ${type} value "${value.id}" has no agreement class.`);
      }
    }
  }
  const categories = new Intl.PluralRules(book.language).resolvedOptions().pluralCategories;
  for (const [kind, list] of [
    ['duration', DURATION_UNITS],
    ['dose', DOSE_UNITS],
  ] as const) {
    for (const unit of list) {
      const words = units.get(kind)?.get(unit.id);
      if (!words) at(`the ${kind} unit "${unit.id}" is not written.`);
      else if (!categories.every((c) => words[c] !== undefined || words.other !== undefined)) {
        at(`the ${kind} unit "${unit.id}" lacks a plural category (${categories.join(', ')}).`);
      }
    }
  }
  return problems;
}

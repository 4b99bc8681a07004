/**
 * The labelled candidates of the fidelity benchmark, made from the development set by rule (none
 * hand-picked): for each entry and target language, the reference translation (correct) and
 * broken copies of it (one per kind of error that applies), among them a sentence cut off on both
 * sides (issue 15's "El paciente tiene una fiebre y tuvo un", whose round trip is close). Choices (which word, where to cut)
 * come from a generator seeded by the entry and language, so every run makes the same set.
 */
import type { DevsetEntry, DevsetLanguage } from '../translation-quality/devset.js';
import { negators } from '../../src/orchestrator/pipeline/fidelity/negation.js';
import { numberWords } from '../../src/orchestrator/pipeline/fidelity/number-values.js';
import {
  changeNumber,
  dropSpan,
  findForm,
  flipNegation,
  replaceSpan,
  truncate,
} from './corruptions.js';
import { seededRandom } from './seeded-random.js';

export const CANDIDATE_KINDS = [
  'correct',
  'term dropped',
  'term replaced',
  'negation flipped',
  'number changed',
  'truncated',
  'cut off, source too',
] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

export interface Candidate {
  readonly kind: CandidateKind;
  readonly text: string;
  /**
   * When the source is cut off as well, at this fraction of its words: the speaker (or the
   * recognizer) stopped mid-sentence, and the translation faithfully carries a broken sentence.
   */
  readonly sourceCutAt?: number;
}

/** The reference of `entry` in `language`, and each broken copy that applies. */
export function candidatesOf(
  entry: DevsetEntry,
  language: DevsetLanguage,
  entries: readonly DevsetEntry[],
): Candidate[] {
  const random = seededRandom(`${entry.id}/${language}`);
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
  const reference = entry[language].text;
  const out: Candidate[] = [{ kind: 'correct', text: reference }];
  const add = (kind: CandidateKind, text: string | undefined) => {
    if (text !== undefined && text.trim() !== '' && text !== reference) out.push({ kind, text });
  };

  // Essential words other than negations and numbers (those have their own kinds).
  const present = medicalWords(entry, language).flatMap((forms) => {
    const form = forms.find((f) => findForm(reference, f));
    return form ? [{ form, span: findForm(reference, form)! }] : [];
  });
  const dropped = pick(present);
  add('term dropped', dropped && dropSpan(reference, dropped.span));

  const replaced = pick(present);
  const others = entries
    .filter((e) => e.id !== entry.id)
    .flatMap((e) => medicalWords(e, language).map((forms) => forms[0]))
    .filter((form) => !findForm(reference, form));
  const substitute = pick(others);
  add('term replaced', replaced && substitute && replaceSpan(reference, replaced.span, substitute));

  add('negation flipped', flipNegation(reference, language));
  add('number changed', changeNumber(reference, language));
  add('truncated', truncate(reference, 0.5 + 0.2 * random()));
  const cut = 0.5 + 0.2 * random();
  const both = truncate(reference, cut);
  if (both !== undefined) out.push({ kind: 'cut off, source too', text: both, sourceCutAt: cut });
  return out;
}

/** The entry's essential words in `language` that are neither a negation nor a number. */
function medicalWords(entry: DevsetEntry, language: DevsetLanguage): (readonly string[])[] {
  const negation = negators(language);
  const numbers = numberWords(language);
  return entry[language].essential.filter(
    (forms) =>
      !forms.some(
        (f) => negation.has(f.toLowerCase()) || numbers.has(f.toLowerCase()) || /\d/.test(f),
      ),
  );
}

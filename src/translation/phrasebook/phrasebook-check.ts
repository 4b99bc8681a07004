import type { PhraseEntry } from './phrase-entry.js';
import { PHRASE_LANGUAGES } from './phrase-language.js';
import type { LanguageMatcher } from './phrase-matcher.js';

/** One thing wrong in the phrasebook's data, where it is written. */
export interface PhrasebookProblem {
  readonly file: string;
  readonly line: number;
  readonly problem: string;
}

/**
 * What makes a phrasebook unusable beyond a file's form: texts of one phrase that do not carry
 * the same variables, and texts that two phrases share (after the matcher's normalization they
 * would say the same words, so neither could be matched).
 */
export function checkEntries(
  entries: readonly PhraseEntry[],
  matchers: readonly LanguageMatcher[],
): PhrasebookProblem[] {
  const problems: PhrasebookProblem[] = [];
  for (const entry of entries) {
    const expected = entry.texts.en.slots.join(', ') || 'none';
    const at = (problem: string) =>
      problems.push({ ...entry.origin, problem: `${entry.id}: ${problem}` });
    for (const language of PHRASE_LANGUAGES) {
      const texts = [
        ['', entry.texts[language]],
        ...entry.also[language].map((t) => ['also ', t] as const),
        ...(entry.plain[language] ? [['plain ', entry.plain[language]] as const] : []),
      ] as const;
      for (const [kind, template] of texts) {
        if (!template) continue;
        const found = template.slots.join(', ') || 'none';
        if (found !== expected) {
          at(
            `${kind}${language} "${template.source}" carries variables ${found}, the English text ${expected}.`,
          );
        }
      }
    }
  }
  for (const matcher of matchers) {
    for (const { entry, template } of matcher.wordless()) {
      problems.push({
        ...entry.origin,
        problem: `${entry.id}: ${matcher.language} "${template.source}" says nothing but its variables once openers, closers and articles are set aside: any sentence naming such a value would match it, so reword it.`,
      });
    }
    for (const candidates of matcher.collisions()) {
      for (const own of uniqueEntries(candidates)) {
        const others = uniqueEntries(candidates).filter((c) => c.entry.id !== own.entry.id);
        const named = others.map((c) => `${c.entry.id} ("${c.template.source}")`).join(', ');
        problems.push({
          ...own.entry.origin,
          problem: `${own.entry.id}: ${matcher.language} "${own.template.source}" says the same words as ${named}: a sentence could match either, so reword or merge them.`,
        });
      }
    }
  }
  return problems;
}

function uniqueEntries<T extends { entry: PhraseEntry }>(candidates: readonly T[]): T[] {
  return candidates.filter((c, i) => candidates.findIndex((d) => d.entry.id === c.entry.id) === i);
}

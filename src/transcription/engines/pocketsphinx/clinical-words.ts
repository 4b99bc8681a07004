import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eng as englishStopWords } from 'stopword';
import { words } from '../../words.js';

/**
 * The clinical vocabulary the clinical model is built from (clinical/vocabulary.txt: drugs,
 * conditions, symptoms, body parts, tests, vaccines), beside this module in src/ and in dist/
 * (a nest-cli asset).
 */
export const CLINICAL_VOCABULARY = fileURLToPath(
  new URL('./clinical/vocabulary.txt', import.meta.url),
);

/**
 * The words of the vocabulary's terms, lower case ("atrial fibrillation" gives two), less the
 * function words some terms hold ("back of the knee"): "the" or "in" is no clinical evidence.
 */
export function readClinicalWords(path = CLINICAL_VOCABULARY): ReadonlySet<string> {
  const stop = new Set(englishStopWords);
  const set = new Set<string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const term = line.trim();
    if (!term || term.startsWith('#') || term.startsWith('[')) continue;
    for (const word of words(term)) if (!stop.has(word)) set.add(word);
  }
  return set;
}

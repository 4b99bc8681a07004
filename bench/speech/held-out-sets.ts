/**
 * Two larger check sets for the recognizer, beside bench/speech/sets (issue 16): text written
 * for other purposes and kept out of the recognizer's models, so that a choice made on the
 * speech bench's own 60 clinical sentences (the clinical weight, the decoder settings) is seen to
 * hold on sentences it was not chosen on.
 *
 * - The English side of the translation development set (bench/translation-quality/devset/,
 *   clinic sentences of both parties, written for the translation bench): the sentences without
 *   digits (the recognizer writes numbers as words) and not in the clinical corpus (a short
 *   sentence such as "Are you pregnant?" is written there too, independently).
 * - The everyday English held out from every model (clinical/general-heldout.txt), which
 *   `clinical-asr-model.mjs --tune` uses for perplexities only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { words } from '../../src/transcription/wer.js';

const DEVSET = 'bench/translation-quality/devset';
const CLINICAL = 'src/transcription/engines/pocketsphinx/clinical';

const key = (text: string) => words(text).join(' ');

/** Sentences of a text file of the clinical folder: one a line, `#` lines are comments. */
function dataLines(file: string): string[] {
  return readFileSync(join(CLINICAL, file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The devset's English sentences the recognizer was not built from, in file order. */
export function devsetEnglish(): string[] {
  const inCorpus = new Set(dataLines('corpus.txt').map(key));
  const seen = new Set<string>();
  const sentences: string[] = [];
  for (const file of readdirSync(DEVSET)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const entries = JSON.parse(readFileSync(join(DEVSET, file), 'utf8')) as {
      en: { text: string };
    }[];
    for (const { en } of entries) {
      const k = key(en.text);
      if (/\d/.test(en.text) || inCorpus.has(k) || seen.has(k)) continue;
      seen.add(k);
      sentences.push(en.text);
    }
  }
  return sentences;
}

/** Everyday English kept out of every model. */
export const generalHeldOut = (): string[] => dataLines('general-heldout.txt');

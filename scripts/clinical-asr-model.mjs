/**
 * Builds the recognizer's clinical additions (docs/speech.md, "Clinical vocabulary"):
 *
 * - the clinical text: src/transcription/engines/pocketsphinx/clinical/ corpus.txt, the terms of
 *   vocabulary.txt, templates.txt spoken with the drug names, and the English terms of
 *   src/translation/terminology/clinical-terms.tsv and of the Apertium clinical lexicon;
 * - pronunciations for its words missing from Debian's CMUdict (cmudict-en-us.dict): the
 *   hand-checked ones of clinical/pronunciations.txt first (every drug, and the few words CMUdict
 *   has wrong), then festival's CMU lexicon letter-to-sound rules (Debian festlex-cmu), mapped to
 *   the en-us acoustic model's phones (ARPAbet without stress) — for a hand-checked word kept as a
 *   further variant `word(N)` when it differs, since speakers and the synthetic voices (which use
 *   the same rules) may say it so;
 * - a trigram model of the clinical text (interpolated Kneser-Ney, written as ARPA), converted
 *   to sphinx's binary format with sphinx_lm_convert.
 *
 * Output in build/asr/: clinical.lm.bin, clinical.dict (CMUdict + the generated words) and
 * model.json (the files and the interpolation weight), which the pocketsphinx worker reads to
 * interpolate the clinical model with Debian's general en-us.lm.bin at run time; without it the
 * worker runs the stock model. Generated at set-up from Debian's data rather than committed:
 * the dictionary is CMUdict itself plus ~600 words, and the rules that make them are Debian's.
 * Run by scripts/setup.mjs; idempotent (a stamp of the inputs). Takes ~8 s on one core (most of
 * it festival and the Kneser-Ney counts); nothing when the stamp matches.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { kneserNeyTrigram, writeArpa } from './kneser-ney-trigram.mjs';
import {
  dictionaryEntries,
  dictionaryLines,
  dictionaryWords,
  parsePronunciations,
  pronounceSentences,
  pronounceWords,
} from './clinical-pronunciations.mjs';

export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const CMUDICT = join(MODEL_DIR, 'cmudict-en-us.dict');
const DATA = 'src/transcription/engines/pocketsphinx/clinical';

/**
 * Weight of the clinical model in the interpolation (the general model has 1 − this), chosen by
 * word error rate (docs/speech.md, "Weight"): with the corpus of 4,444 consultation sentences,
 * 0.2 takes the speech bench's clinical set from 12.0 % (0.05) to 10.3 % and the translation
 * devset's English from 12.5 to 11.6 %, while everyday English stays within a few words of the
 * stock mixture's (held-out everyday text 11.0 against 10.9 %, the bench's 80 sentences 7.5
 * against 7.1 %) once the drop threshold is 0.05; 0.3 gained nothing more and cost everyday
 * English. With the first, 463-sentence corpus every weight above 0.05 made everyday English
 * worse. The perplexity study (`--tune`) favours 0.3–0.5 but says nothing of recognition.
 */
export const CLINICAL_WEIGHT = 0.2;

/**
 * pocketsphinx settings the worker applies with this model (written to model.json by type, as the
 * decoder's configuration is typed), measured on
 * the bench's sets (`npm run bench:speech`; WER of the English female round trip / clinical dev
 * set / everyday set, decoder CPU per round-trip sentence; docs/speech.md, "Decoder settings"):
 * - `-lw` 5 instead of 6.5: 9.3 / 17.0 / 7.9 % → 2.2 / 15.8 / 6.9 %, but +30–40 % CPU (a lower
 *   language weight prunes less); 8 and 10 were worse everywhere.
 * - `-maxhmmpf` 4000 (at most 4000 active HMMs a frame, instead of 30000) takes the CPU back
 *   below the 6.5 setting's (0.70 against 0.75 s a sentence) for 2.7 % on the round trip; 3000
 *   cost a point on the clinical set, 6000 as much CPU as before.
 * The clinical weight above keeps its meaning at lw 5: 0.1 and 0.2 made everyday English worse
 * (6.9 → 8.5 and 7.9 %) for a point on the clinical set.
 * Then, measured on real people's speech as well (2026-11-27; bench/speech/recorded-sets.ts, whole
 * decodes; WER clinical / devset English / everyday held out / Asterisk prompts, 255 recordings):
 * - `-bestpathlw` 11 instead of 9.5 (the lattice pass's language weight; `-lw` sets only the
 *   first pass's): 10.3 / 11.4 / 11.0 / 27.3 % → 10.1 / 11.2 / 10.3 / 26.1 %, no CPU; 7.5 and 13
 *   were worse; `-fwdflatlw` 7 or 10 instead of 8.5 worse on the synthetic sets.
 * - `-topn` 8 instead of 4 (Gaussians scored per codebook): with it, 10.0 / 10.9 / 9.9 / 25.7 %,
 *   but +20 % CPU, which `-maxwpf` 10 (at most 10 words ending a frame) takes back for exactly the
 *   same words.
 * - `-topn` 6 instead of 8 (2026-11-27, later): decoder CPU over the five committed fixture
 *   sentences, three runs each alternating with the stock model, +30 % → +17 % (0.304 → 0.272 s
 *   against 0.233 s); WER clinical 10.0 → 9.6, devset 10.9 → 11.2, everyday 7.6 → 8.1, everyday
 *   held out 9.9 → 9.4, Asterisk prompts 25.7 → 25.6 % (the scratch harness's own renderings of
 *   the sets; the bench's figures are in docs/benchmarks.md). 4 cost a point on real speech.
 */
export const DECODER_SETTINGS = Object.freeze({
  float: Object.freeze({ '-lw': 5, '-bestpathlw': 11 }),
  int: Object.freeze({ '-maxhmmpf': 4000, '-topn': 6, '-maxwpf': 10 }),
});

/** Lower case words of a text line: letters, apostrophes inside words, hyphens kept as is. */
export function tokenize(line) {
  return (
    line
      .toLowerCase()
      .replace(/[^a-z'\- ]+/g, ' ')
      .split(/\s+/)
      // Quotes around a word and lone hyphens are not part of a word.
      .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
      .filter(Boolean)
  );
}

/** Lines of a data file without comments (`#`) and blank lines. */
const dataLines = (text) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

/** vocabulary.txt: `[section]` headers, one term a line; returns { section: terms[] }. */
export function parseVocabulary(text) {
  const sections = {};
  let section;
  for (const line of dataLines(text)) {
    const header = /^\[(.+)\]$/.exec(line);
    if (header) sections[(section = header[1])] = [];
    else if (!section) throw new Error(`vocabulary: "${line}" comes before any [section]`);
    else sections[section].push(line);
  }
  return sections;
}

/** Each drug is spoken in `perDrug` templates, taken in turn so every template is used alike. */
export function expandTemplates(templates, drugs, perDrug = 4) {
  const lines = [];
  drugs.forEach((drug, i) => {
    for (let k = 0; k < Math.min(perDrug, templates.length); k++) {
      lines.push(templates[(i * perDrug + k) % templates.length].replaceAll('{drug}', drug));
    }
  });
  return lines;
}

/** The English terms of the terminology (`concept en …`, alternatives separated by ` | `). */
function terminologyTerms(text) {
  return dataLines(text).flatMap((line) => (line.split('\t')[1] ?? '').split('|'));
}

/** English forms of the Apertium clinical lexicon (first cell `lemma;gender;plural` or a word). */
function lexiconTerms(text) {
  return dataLines(text)
    .slice(1)
    .flatMap((line) => (line.split('\t')[1] ?? '').split(';'));
}

/** The sentences of the clinical text, as word arrays. */
export function clinicalSentences(root) {
  const read = (path) => readFileSync(join(root, path), 'utf8');
  const vocabulary = parseVocabulary(read(`${DATA}/vocabulary.txt`));
  const lines = [
    ...dataLines(read(`${DATA}/corpus.txt`)),
    ...expandTemplates(dataLines(read(`${DATA}/templates.txt`)), vocabulary.drugs ?? []),
    ...Object.values(vocabulary).flat(),
    ...terminologyTerms(read('src/translation/terminology/clinical-terms.tsv')),
    ...['clinical-nouns', 'clinical-adjectives', 'clinical-verbs'].flatMap((name) =>
      lexiconTerms(read(`src/translation/engines/apertium/lexicon/${name}.tsv`)),
    ),
  ];
  return lines.map(tokenize).filter((words) => words.length > 0);
}

// --- The build ---

function inputsHash(root) {
  const hash = createHash('sha256');
  const files = [
    `${DATA}/corpus.txt`,
    `${DATA}/vocabulary.txt`,
    `${DATA}/templates.txt`,
    `${DATA}/pronunciations.txt`,
    'src/translation/terminology/clinical-terms.tsv',
    ...['nouns', 'adjectives', 'verbs'].map(
      (n) => `src/translation/engines/apertium/lexicon/clinical-${n}.tsv`,
    ),
    'scripts/clinical-asr-model.mjs',
    'scripts/kneser-ney-trigram.mjs',
    'scripts/clinical-pronunciations.mjs',
  ];
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(join(root, f)));
  hash.update(readFileSync(CMUDICT));
  return hash.digest('hex');
}

export function buildClinicalAsrModel({ root, say = () => undefined }) {
  const out = join(root, 'build', 'asr');
  const stamp = join(out, '.inputs-hash');
  if (!existsSync(CMUDICT)) return; // no pocketsphinx-en-us: nothing to extend
  const wanted = inputsHash(root);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  say('building the clinical language model and dictionary of the recognizer (~8 s)');
  const started = Date.now();
  const cmudict = readFileSync(CMUDICT, 'utf8');
  const cmudictWords = dictionaryWords(cmudict);
  const hand = parsePronunciations(readFileSync(join(root, `${DATA}/pronunciations.txt`), 'utf8'));
  const { sentences, generated, dropped } = pronounceSentences(
    clinicalSentences(root),
    cmudictWords,
    pronounceWords,
    hand,
  );
  if (dropped.length > 0) say(`  no pronunciation, left out: ${dropped.join(' ')}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const arpa = join(out, 'clinical.arpa');
  writeFileSync(arpa, writeArpa(kneserNeyTrigram(sentences)));
  const convert = spawnSync('sphinx_lm_convert', ['-i', arpa, '-o', join(out, 'clinical.lm.bin')], {
    encoding: 'utf8',
  });
  if (convert.status !== 0) {
    throw new Error(
      `sphinx_lm_convert failed (exit ${convert.status}): ${convert.stderr.slice(-300)}`,
    );
  }
  // A word CMUdict has wrong leaves CMUdict's lines for its own, where CMUdict's are variants.
  const corrected = new Set([...hand.keys()].filter((w) => cmudictWords.has(w)));
  const machine = new Map([...generated].map(([w, phones]) => [w, [phones]]));
  for (const [w, prons] of dictionaryEntries(cmudict, corrected)) machine.set(w, prons);
  const words = [...new Set([...hand.keys(), ...generated.keys()])].sort();
  const additions = dictionaryLines(words, hand, machine).join('\n');
  const kept = cmudict
    .trimEnd()
    .split('\n')
    .filter((line) => !corrected.has(line.split(' ', 1)[0].replace(/\(\d+\)$/, '')));
  writeFileSync(join(out, 'clinical.dict'), `${kept.join('\n')}\n${additions}\n`);
  writeFileSync(join(out, 'generated.dict'), `${additions}\n`);
  writeFileSync(
    join(out, 'model.json'),
    `${JSON.stringify(
      {
        lm: 'clinical.lm.bin',
        dict: 'clinical.dict',
        weight: CLINICAL_WEIGHT,
        decoder: DECODER_SETTINGS,
        sentences: sentences.length,
        generatedWords: generated.size,
        handChecked: hand.size,
        dictionaryAdditions: words.length,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(stamp, wanted);
  say(
    `  ${sentences.length} sentences, ${hand.size} hand-checked words, ${generated.size} letter-to-sound pronunciations, ${Date.now() - started} ms`,
  );
}

/**
 * Per-word log10 probabilities of `sentences` (with </s>) under the ARPA or binary model at
 * `path`, by sphinxbase itself (the binding's NGramModel.prob); a word the model lacks is -Infinity.
 */
function modelLogProbs(path, sentences) {
  const script = `
import json, sys, math
from pocketsphinx import NGramModel
m = NGramModel(sys.argv[1])
out = []
for words in json.load(sys.stdin):
    s = ["<s>"] + words + ["</s>"]
    for i in range(1, len(s)):
        p = m.prob([s[i]] + s[max(0, i - 2):i][::-1])
        out.append(None if p <= -536870000 else p * math.log10(1.0001))
print(json.dumps(out))`;
  const result = spawnSync('/usr/bin/python3', ['-c', script, path], {
    input: JSON.stringify(sentences),
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr.slice(-300)}`);
  return JSON.parse(result.stdout).map((p) => (p === null ? -Infinity : p));
}

/** Perplexity of the mixture weight·clinical + (1 − weight)·general from per-word log10 probabilities. */
export function mixturePerplexity(clinical, general, weight) {
  let sum = 0;
  let n = 0;
  clinical.forEach((c, i) => {
    // A word neither model knows is out of the vocabulary, left out as perplexities do.
    if (c === -Infinity && general[i] === -Infinity) return;
    sum += Math.log10(weight * 10 ** c + (1 - weight) * 10 ** general[i]);
    n++;
  });
  return 10 ** (-sum / n);
}

/**
 * The weight study: a clinical model built from nine tenths of the clinical sentences, the
 * perplexities of the held-out tenth and of general-heldout.txt under the mixture, for weights
 * 0.02–0.9. Prints a table and the weight the rule of CLINICAL_WEIGHT picks.
 */
function tune(root) {
  const cmudict = readFileSync(CMUDICT, 'utf8');
  const hand = parsePronunciations(readFileSync(join(root, `${DATA}/pronunciations.txt`), 'utf8'));
  const { sentences } = pronounceSentences(
    clinicalSentences(root),
    dictionaryWords(cmudict),
    pronounceWords,
    hand,
  );
  const train = sentences.filter((_, i) => i % 10 !== 0);
  const heldOut = sentences.filter((_, i) => i % 10 === 0);
  const general = dataLines(readFileSync(join(root, `${DATA}/general-heldout.txt`), 'utf8')).map(
    tokenize,
  );
  const dir = join(root, 'build', 'asr-tune');
  mkdirSync(dir, { recursive: true });
  const arpa = join(dir, 'train.arpa');
  writeFileSync(arpa, writeArpa(kneserNeyTrigram(train)));
  const generalLm = join(MODEL_DIR, 'en-us.lm.bin');
  const sets = { clinical: heldOut, general };
  const probs = Object.fromEntries(
    Object.entries(sets).map(([name, s]) => [
      name,
      { clinical: modelLogProbs(arpa, s), general: modelLogProbs(generalLm, s) },
    ]),
  );
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write('weight\tclinical held-out PPL\tgeneral PPL\tmean log10 PPL\n');
  const means = [];
  for (const w of [0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const c = mixturePerplexity(probs.clinical.clinical, probs.clinical.general, w);
    const g = mixturePerplexity(probs.general.clinical, probs.general.general, w);
    const mean = (Math.log10(c) + Math.log10(g)) / 2;
    means.push([w, mean]);
    process.stdout.write(`${w}\t${c.toFixed(1)}\t${g.toFixed(1)}\t${mean.toFixed(3)}\n`);
  }
  const best = Math.min(...means.map(([, m]) => m));
  const chosen = means.find(([, m]) => m <= best * 1.01)[0];
  process.stdout.write(`smallest weight within 1 % of the best mean: ${chosen}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (process.argv.includes('--tune')) tune(root);
  else buildClinicalAsrModel({ root, say: (l) => process.stdout.write(`${l}\n`) });
}

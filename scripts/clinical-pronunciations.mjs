/**
 * The pronunciations of clinical-asr-model.mjs's dictionary: the hand-checked ones
 * (pronunciations.txt), CMUdict's, and festival's letter-to-sound rules for the words CMUdict
 * lacks, all in the phones of the en-us acoustic model.
 */
import { spawnSync } from 'node:child_process';

/** The phones of the en-us acoustic model (its mdef; the phones CMUdict uses). */
export const PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
    ' ',
  ),
);

/**
 * pronunciations.txt: `word PH ONES` a line, variants `word(2) PH ONES`, `#` comments. Returns
 * Map word → pronunciations (phone arrays, in the file's order); throws on a phone outside PHONES
 * or a malformed line, with its line number.
 */
export function parsePronunciations(text, name = 'pronunciations.txt') {
  const prons = new Map();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [entry, ...phones] = line.split(/\s+/);
    const word = /^([a-z][a-z'-]*)(\(\d+\))?$/.exec(entry)?.[1];
    if (!word || phones.length === 0) {
      throw new Error(`${name} line ${i + 1}: not "word PH ONES": "${line}"`);
    }
    const bad = phones.filter((p) => !PHONES.has(p));
    if (bad.length > 0) {
      throw new Error(
        `${name} line ${i + 1}: not a phone of the model: ${bad.join(' ')} ("${line}")`,
      );
    }
    const list = prons.get(word) ?? [];
    if (!list.some((p) => p.join(' ') === phones.join(' '))) list.push(phones);
    prons.set(word, list);
  });
  return prons;
}

/**
 * Dictionary lines of `words`: the hand-checked pronunciations first, then the machine ones
 * (letter-to-sound, or CMUdict's for a word it has wrong) that differ from them, as
 * `word`, `word(2)`, … (the first without a number, as sphinx wants).
 */
export function dictionaryLines(words, hand, machine) {
  const lines = [];
  for (const word of words) {
    const prons = [...(hand.get(word) ?? [])];
    for (const p of machine.get(word) ?? []) {
      if (!prons.some((q) => q.join(' ') === p.join(' '))) prons.push(p);
    }
    prons.forEach((p, i) => lines.push(`${i === 0 ? word : `${word}(${i + 1})`} ${p.join(' ')}`));
  }
  return lines;
}

/** Map word → pronunciations of a CMU-format dictionary's lines for `words`. */
export function dictionaryEntries(text, words) {
  const entries = new Map();
  for (const line of text.split('\n')) {
    const [entry, ...phones] = line.trim().split(/\s+/);
    const word = entry?.replace(/\(\d+\)$/, '');
    if (!word || !words.has(word) || phones.length === 0) continue;
    entries.set(word, [...(entries.get(word) ?? []), phones]);
  }
  return entries;
}

/** The words of a CMU-format dictionary (`word PH ONES`, variants `word(2)`). */
export function dictionaryWords(text) {
  const words = new Set();
  for (const line of text.split('\n')) {
    const word = line.split(' ', 1)[0];
    if (word) words.add(word.replace(/\(\d+\)$/, ''));
  }
  return words;
}

/**
 * Festival's answer to `(lex.lookup "word" nil)`, e.g.
 * `("ibuprofen" nil (((ay) 1) ((b y uw) 0) ((p r ow) 1) ((f ax n) 0)))`, as model phones:
 * upper case, stress dropped, festival's reduced vowel ax as AH (as CMUdict writes it).
 */
export function festivalPhones(answer) {
  const syllables = answer.replace(/^\(\s*"[^"]*"\s+\S+\s*/, '');
  const phones = [...syllables.matchAll(/\(\(([a-z ]+)\)\s+\d\)/g)].flatMap((m) =>
    m[1].trim().split(/\s+/),
  );
  return phones.map((p) => (p === 'ax' ? 'AH' : p.toUpperCase()));
}

/** Pronunciations of `words` by festival's CMU lexicon (letter-to-sound for unknown words). */
export function pronounce(words) {
  if (words.length === 0) return new Map();
  const script = words.map((w) => `(print (lex.lookup "${w}" nil))`).join('\n');
  const result = spawnSync('festival', ['--pipe'], { input: script, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`festival failed (exit ${result.status})`);
  const prons = new Map();
  for (const line of result.stdout.split('\n')) {
    const word = /^\("([^"]+)"/.exec(line)?.[1];
    if (!word) continue;
    const phones = festivalPhones(line);
    if (phones.length > 0 && phones.every((p) => PHONES.has(p))) prons.set(word, phones);
  }
  return prons;
}

/**
 * pronounce(), plus two corrections of the letter-to-sound rules: a possessive is its stem and
 * Z (crohn's), and a c before e, i or y at the start of a word is S, not CH (cetirizine,
 * cefuroxime: the rules read the Italian c).
 */
export function pronounceWords(words, lts = pronounce) {
  const stems = words.map((w) => w.replace(/'s$/, ''));
  const prons = lts([...new Set(stems)].filter((w) => !w.includes("'")));
  const out = new Map();
  words.forEach((word, i) => {
    const phones = prons.get(stems[i]);
    if (!phones) return;
    const fixed = /^c[eiy]/.test(word) && phones[0] === 'CH' ? ['S', ...phones.slice(1)] : phones;
    out.set(word, stems[i] === word ? fixed : [...fixed, 'Z']);
  });
  return out;
}

/**
 * Sentences whose words all have a pronunciation (CMUdict, hand-checked or generated), the
 * letter-to-sound pronunciations of the words CMUdict lacks (hand-checked ones too, for their
 * variant), and the words left out.
 */
export function pronounceSentences(
  input,
  cmudictWords,
  generate = pronounceWords,
  hand = new Map(),
) {
  // A hyphenated word neither CMUdict nor the hand-checked list has is spoken as its parts
  // (pre-eclampsia, beta-blocker); co-amoxiclav, which the list has, stays one word.
  const whole = (w) => cmudictWords.has(w) || hand.has(w);
  const sentences = input.map((words) =>
    words.flatMap((w) => (w.includes('-') && !whole(w) ? w.split('-') : [w])),
  );
  const missing = new Set();
  for (const words of sentences) for (const w of words) if (!cmudictWords.has(w)) missing.add(w);
  // The rules would read a hyphenated hand-checked word as one string: no variant for those.
  const generated = generate([...missing].filter((w) => !w.includes('-')).sort());
  const known = (w) => whole(w) || generated.has(w);
  const dropped = [...missing].filter((w) => !known(w));
  return { sentences: sentences.filter((words) => words.every(known)), generated, dropped };
}

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  arpaLogProb,
  clinicalSentences,
  expandTemplates,
  festivalPhones,
  kneserNeyTrigram,
  mixturePerplexity,
  parseVocabulary,
  PHONES,
  pronounceSentences,
  pronounceWords,
  tokenize,
  writeArpa,
} from '../../../../scripts/clinical-asr-model.mjs';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const SENTENCES = [
  ['take', 'two', 'tablets'],
  ['take', 'the', 'metformin'],
  ['two', 'tablets', 'a', 'day'],
  ['take', 'two', 'puffs'],
];

describe('clinical language model', () => {
  it('sums the probabilities of every context to 1', () => {
    const orders = kneserNeyTrigram(SENTENCES);
    const vocabulary = [...orders[0].keys()].filter((w) => w !== '<s>');
    const histories = [[], ['<s>'], ['take'], ['<s>', 'take'], ['take', 'two'], ['a', 'metformin']];
    for (const history of histories) {
      const total = vocabulary.reduce((sum, w) => sum + 10 ** arpaLogProb(orders, history, w), 0);
      expect(total).toBeCloseTo(1, 6);
    }
  });

  it('prefers the seen continuation and writes a readable ARPA file', () => {
    const orders = kneserNeyTrigram(SENTENCES);
    expect(arpaLogProb(orders, ['take', 'two'], 'tablets')).toBeGreaterThan(
      arpaLogProb(orders, ['take', 'two'], 'metformin'),
    );
    const arpa = writeArpa(orders);
    expect(arpa).toMatch(/^\\data\\\nngram 1=\d+\nngram 2=\d+\nngram 3=\d+\n/);
    expect(arpa).toContain('-99.000000\t<s>\t');
    expect(arpa.trimEnd().endsWith('\\end\\')).toBe(true);
  });

  it('weighs the mixture linearly and leaves out words neither model knows', () => {
    const clinical = [Math.log10(0.5), -Infinity, -Infinity];
    const general = [Math.log10(0.1), Math.log10(0.2), -Infinity];
    // 0.5·0.5 + 0.5·0.1 = 0.3; 0.5·0.2 = 0.1; perplexity = (0.3·0.1)^-1/2
    expect(mixturePerplexity(clinical, general, 0.5)).toBeCloseTo(1 / Math.sqrt(0.03), 6);
  });
});

describe('clinical text and pronunciations', () => {
  it('tokenizes as spoken words', () => {
    expect(tokenize("The patient's X-ray, 'today'.")).toEqual([
      'the',
      "patient's",
      'x-ray',
      'today',
    ]);
  });

  it('reads the vocabulary sections and speaks each drug in the templates', () => {
    expect(parseVocabulary('# c\n[drugs]\naspirin\n[body]\nhead\n')).toEqual({
      drugs: ['aspirin'],
      body: ['head'],
    });
    expect(expandTemplates(['take {drug}', 'stop {drug}', 'no {drug}'], ['a', 'b'], 2)).toEqual([
      'take a',
      'stop a',
      'no b',
      'take b',
    ]);
  });

  it("maps festival's CMU lexicon phones to the model's", () => {
    expect(
      festivalPhones('("ibuprofen" nil (((ay) 1) ((b y uw) 0) ((p r ow) 1) ((f ax n) 0)))'),
    ).toEqual(['AY', 'B', 'Y', 'UW', 'P', 'R', 'OW', 'F', 'AH', 'N']);
  });

  it('pronounces possessives as stem + Z and a c before e or i as S', () => {
    const lts = (words: string[]) =>
      new Map(words.map((w) => [w, w === 'crohn' ? ['K', 'R', 'OW', 'N'] : ['CH', 'EH', 'T']]));
    expect(pronounceWords(["crohn's", 'cet'], lts)).toEqual(
      new Map([
        ["crohn's", ['K', 'R', 'OW', 'N', 'Z']],
        ['cet', ['S', 'EH', 'T']],
      ]),
    );
  });

  it('splits unknown hyphenated words and drops sentences with unpronounceable words', () => {
    const known = new Set(['beta', 'blocker', 'take', 'a']);
    const { sentences, dropped } = pronounceSentences(
      [
        ['take', 'a', 'beta-blocker'],
        ['take', 'xq'],
      ],
      known,
      () => new Map(),
    );
    expect(sentences).toEqual([['take', 'a', 'beta', 'blocker']]);
    expect(dropped).toEqual(['xq']);
  });

  it('has a corpus of spoken words, with every drug of the vocabulary', () => {
    const sentences = clinicalSentences(ROOT);
    expect(sentences.length).toBeGreaterThan(1000);
    const words = new Set(sentences.flat());
    const vocabulary = parseVocabulary(
      readFileSync(`${ROOT}src/transcription/engines/pocketsphinx/clinical/vocabulary.txt`, 'utf8'),
    );
    for (const drug of vocabulary.drugs) for (const w of tokenize(drug)) expect(words).toContain(w);
    expect([...words].filter((w) => /[^a-z'-]/.test(w))).toEqual([]);
  });

  (existsSync(`${ROOT}build/asr/generated.dict`) ? it : it.skip)(
    "writes the generated pronunciations in the model's phones",
    () => {
      const lines = readFileSync(`${ROOT}build/asr/generated.dict`, 'utf8').trim().split('\n');
      expect(lines.length).toBeGreaterThan(100);
      for (const line of lines) {
        const [, ...phones] = line.split(' ');
        expect(phones.filter((p) => !PHONES.has(p))).toEqual([]);
      }
    },
  );
});

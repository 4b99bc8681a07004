import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  clinicalSentences,
  expandTemplates,
  mixturePerplexity,
  parseVocabulary,
  tokenize,
} from '../../../../scripts/clinical-asr-model.mjs';
import {
  dictionaryEntries,
  dictionaryLines,
  dictionaryWords,
  festivalPhones,
  parsePronunciations,
  PHONES,
  pronounceSentences,
  pronounceWords,
} from '../../../../scripts/clinical-pronunciations.mjs';
import {
  arpaLogProb,
  kneserNeyTrigram,
  writeArpa,
} from '../../../../scripts/kneser-ney-trigram.mjs';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const CLINICAL = `${ROOT}src/transcription/engines/pocketsphinx/clinical`;
const CMUDICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
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

describe('hand-checked pronunciations', () => {
  const hand = parsePronunciations(readFileSync(`${CLINICAL}/pronunciations.txt`, 'utf8'));

  it("are written in the model's phones", () => {
    expect(hand.size).toBeGreaterThan(500);
    for (const prons of hand.values()) {
      for (const phones of prons) expect(phones.filter((p) => !PHONES.has(p))).toEqual([]);
    }
  });

  (existsSync(CMUDICT) ? it : it.skip)(
    'cover every word of the [drugs] that CMUdict lacks, and no word CMUdict has without a reason',
    () => {
      const cmudict = readFileSync(CMUDICT, 'utf8');
      const cmudictWords = dictionaryWords(cmudict);
      const { drugs } = parseVocabulary(readFileSync(`${CLINICAL}/vocabulary.txt`, 'utf8'));
      expect(drugs.length).toBeGreaterThan(400);
      const words = drugs.flatMap(tokenize);
      expect(words.filter((w) => !hand.has(w) && !cmudictWords.has(w))).toEqual([]);
      // A word CMUdict has is in the file only to correct it: different, and said in a comment.
      const text = readFileSync(`${CLINICAL}/pronunciations.txt`, 'utf8');
      const corrected = new Set([...hand.keys()].filter((w) => cmudictWords.has(w)));
      for (const [word, prons] of dictionaryEntries(cmudict, corrected)) {
        expect(text).toContain(`# CMUdict ${prons[0].join(' ')}`);
        expect(hand.get(word)?.[0]).not.toEqual(prons[0]);
      }
    },
  );

  it('come first in the dictionary, the letter-to-sound pronunciation kept when it differs', () => {
    const handChecked = new Map([
      ['atrial', [['EY', 'T', 'R', 'IY', 'AH', 'L']]],
      [
        'paracetamol',
        [
          ['P', 'EH', 'R', 'AH', 'S', 'IY', 'T', 'AH', 'M', 'AA', 'L'],
          ['P', 'EH', 'R', 'AH', 'S', 'EH', 'T', 'AH', 'M', 'AA', 'L'],
        ],
      ],
    ]);
    const lts = new Map([
      ['atrial', [['AH', 'T', 'R', 'IY', 'AH', 'L']]],
      ['paracetamol', [['P', 'EH', 'R', 'AH', 'S', 'EH', 'T', 'AH', 'M', 'AA', 'L']]],
      ['covid', [['K', 'OW', 'V', 'IH', 'D']]],
    ]);
    expect(dictionaryLines(['atrial', 'covid', 'paracetamol'], handChecked, lts)).toEqual([
      'atrial EY T R IY AH L',
      'atrial(2) AH T R IY AH L',
      'covid K OW V IH D',
      'paracetamol P EH R AH S IY T AH M AA L',
      'paracetamol(2) P EH R AH S EH T AH M AA L',
    ]);
  });

  it('keep a hand-checked hyphenated word whole and ask the rules only for the others', () => {
    const asked: string[][] = [];
    const generate = (words: string[]) => {
      asked.push(words);
      return new Map(words.map((w) => [w, ['K', 'OW']]));
    };
    const handChecked = new Map([['co-amoxiclav', [['K', 'OW']]]]);
    const { sentences, dropped } = pronounceSentences(
      [['take', 'co-amoxiclav', 'and', 'co-codamol']],
      new Set(['take', 'and']),
      generate,
      handChecked,
    );
    expect(sentences).toEqual([['take', 'co-amoxiclav', 'and', 'co', 'codamol']]);
    expect(asked).toEqual([['co', 'codamol']]);
    expect(dropped).toEqual([]);
  });

  it('throw on a phone the model lacks, with the line number', () => {
    expect(() => parsePronunciations('# c\nab EY B IY\n\nxy EH K S WY\n')).toThrow(
      /line 4: not a phone of the model: WY/,
    );
    expect(() => parsePronunciations('ab\n')).toThrow(/line 1: not "word PH ONES"/);
    expect(parsePronunciations('ab EY B IY\nab(2) AE B\n')).toEqual(
      new Map([
        [
          'ab',
          [
            ['EY', 'B', 'IY'],
            ['AE', 'B'],
          ],
        ],
      ]),
    );
  });
});

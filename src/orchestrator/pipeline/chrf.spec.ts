import { describe, expect, it } from '@jest/globals';
import { chrF, corpusChrF } from './chrf.js';

/** F_β from averaged precision and recall, to state expectations from the definition. */
function fBeta(precision: number, recall: number, beta = 2): number {
  const b2 = beta * beta;
  return ((1 + b2) * precision * recall) / (b2 * precision + recall);
}

/** A small deterministic generator (LCG) so property checks are reproducible. */
function randomStrings(count: number, alphabet: string, seed = 42): string[] {
  const chars = Array.from(alphabet);
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = Math.floor(next() * 25);
    let text = '';
    for (let j = 0; j < length; j++) text += chars[Math.floor(next() * chars.length)];
    out.push(text);
  }
  return out;
}

describe('chrF', () => {
  describe('edge cases', () => {
    it('gives 1 for identical non-empty strings', () => {
      expect(chrF('a', 'a')).toBe(1);
      expect(chrF('abc', 'abc')).toBe(1);
      const sentence = "J'ai mal à la tête depuis hier soir, surtout le matin.";
      expect(chrF(sentence, sentence)).toBe(1);
    });

    it('gives 0 when no character is shared', () => {
      expect(chrF('abc', 'xyz')).toBe(0);
      expect(chrF('a', 'b')).toBe(0);
      expect(chrF('abcdefg', 'hijklmnop')).toBe(0);
    });

    it('gives 0 when one side is empty or only whitespace', () => {
      expect(chrF('', 'reference')).toBe(0);
      expect(chrF('hypothesis', '')).toBe(0);
      expect(chrF('   \n\t', 'reference')).toBe(0);
      expect(chrF('reference', ' \u00a0 ')).toBe(0);
    });

    it('gives 0 for two empty strings, as sacrebleu (nothing to match)', () => {
      expect(chrF('', '')).toBe(0);
      expect(chrF(' ', '\t')).toBe(0);
    });
  });

  describe('worked examples from the definition (β = 2, orders 1..6)', () => {
    it('"ab" against "abc": only orders 1 and 2 count', () => {
      // n=1: hyp {a,b}, ref {a,b,c}, 2 matches → P = 1, R = 2/3
      // n=2: hyp {ab}, ref {ab,bc}, 1 match → P = 1, R = 1/2; n≥3: hyp has none, skipped
      // P = 1, R = 7/12 → F2 = 5·(7/12) / (4 + 7/12) = 7/11
      expect(chrF('ab', 'abc')).toBeCloseTo(7 / 11, 12);
      expect(chrF('ab', 'abc')).toBeCloseTo(fBeta(1, 7 / 12), 12);
    });

    it('weighs recall over precision: "abc" against "ab" scores higher than the reverse', () => {
      // Swapping the sides swaps P and R: P = 7/12, R = 1 → F2 = 5·(7/12) / (4·7/12 + 1) = 7/8
      expect(chrF('abc', 'ab')).toBeCloseTo(7 / 8, 12);
      expect(chrF('abc', 'ab')).toBeGreaterThan(chrF('ab', 'abc'));
    });

    it('clips repeated n-grams to the reference count', () => {
      // n=1: hyp a×4, ref a×2 → 2 matches: P = 1/2, R = 1
      // n=2: hyp aa×3, ref aa×1 → 1 match: P = 1/3, R = 1; n≥3: ref has none
      // P = 5/12, R = 1 → F2 = 5·(5/12) / (4·5/12 + 1) = 25/32
      expect(chrF('aaaa', 'aa')).toBeCloseTo(25 / 32, 12);
    });

    it('is case-sensitive by default, and case-insensitive on request', () => {
      // n=1: {A,b} vs {a,b}: 1 match, P = R = 1/2; n=2: {Ab} vs {ab}: 0 → P = R = 1/4 → F = 1/4
      expect(chrF('Ab', 'ab')).toBeCloseTo(0.25, 12);
      expect(chrF('ABC', 'abc')).toBe(0);
      expect(chrF('ABC', 'abc', { lowercase: true })).toBe(1);
    });

    it('honours β: with β = 3, "aa" against "ab" is 0.25 (sacrebleu test-suite value)', () => {
      expect(chrF('aa', 'ab', { beta: 3 })).toBeCloseTo(0.25, 12);
    });
  });

  describe('agreement with published sacrebleu figures', () => {
    it('matches the sacrebleu chrF metric card example (61.576379378113785, defaults)', () => {
      const score = chrF(
        'The relationship between Obama and Netanyahu is not exactly friendly.',
        'The ties between Obama and Netanyahu are not particularly friendly.',
      );
      expect(score).toBeCloseTo(0.6157637937811379, 12);
    });

    it('matches sacrebleu test_chrf_keep_whitespace (β = 3, whitespace kept)', () => {
      expect(
        chrF(
          'Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich.',
          'Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich.',
          { beta: 3, whitespace: true },
        ),
      ).toBeCloseTo(0.673481606, 8);
      expect(
        chrF(
          'risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists .',
          'risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists .',
          { beta: 3, whitespace: true },
        ),
      ).toBeCloseTo(0.652414427, 8);
    });
  });

  describe('whitespace', () => {
    it('ignores all whitespace by default, including no-break and narrow no-break spaces', () => {
      expect(chrF('a b c', 'abc')).toBe(1);
      expect(chrF('Avez-vous de la fièvre ?', 'Avez-vous de la fièvre?')).toBe(1);
      expect(chrF('Avez-vous de la fièvre\u202f?', 'Avez-vous de la fièvre ?')).toBe(1);
      expect(chrF('  leading and trailing\n', 'leading and trailing')).toBe(1);
    });

    it("removes what Python's str.split() splits on, no more", () => {
      expect(chrF('a\x1cb\x1fc\x85d\u3000e', 'abcde')).toBe(1);
      // U+FEFF is whitespace to JavaScript's \s but not to Python: it stays a character
      expect(chrF('\ufeffabc', 'abc')).toBeLessThan(1);
    });

    it('keeps whitespace as characters when asked', () => {
      expect(chrF('a b', 'ab', { whitespace: true })).toBeLessThan(1);
      expect(chrF('a b', 'a b', { whitespace: true })).toBe(1);
    });
  });

  describe('Unicode', () => {
    it('compares NFC-normalized text: composed and decomposed accents are equal', () => {
      expect(chrF('fi\u00e8vre', 'fie\u0300vre')).toBe(1);
      expect(chrF('t\u00eate', 'te\u0302te')).toBe(1);
    });

    it('counts code points, not UTF-16 code units', () => {
      // As "aa"/"a" by code points: n=1 P = 1/2, R = 1; n=2 ref has none → F2 = 5/6.
      // By UTF-16 units the emoji would be 2 characters and give another value.
      expect(chrF('😀😀', '😀')).toBeCloseTo(fBeta(1 / 2, 1), 12);
      expect(chrF('😀😀', '😀')).toBeCloseTo(5 / 6, 12);
      expect(chrF('𠀀', '𠀁')).toBe(0); // astral CJK: the high surrogates must not match
    });

    it('scores non-Latin scripts', () => {
      expect(chrF('मुझे सिरदर्द है', 'मुझे सिरदर्द है')).toBe(1);
      const score = chrF('У меня болит голова', 'У меня болит живот');
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThan(1);
    });
  });

  describe('properties', () => {
    const samples = randomStrings(60, 'abcde fgé😀');

    it('stays within 0..1', () => {
      for (const h of samples) {
        for (const r of samples.slice(0, 20)) {
          const score = chrF(h, r);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1 + 1e-12);
        }
      }
    });

    it('is symmetric when β = 1 (P and R swap with the sides)', () => {
      for (let i = 0; i + 1 < samples.length; i += 2) {
        const [a, b] = [samples[i], samples[i + 1]];
        expect(chrF(a, b, { beta: 1 })).toBeCloseTo(chrF(b, a, { beta: 1 }), 12);
      }
    });

    it('is not symmetric in general when β = 2', () => {
      expect(chrF('ab', 'abc')).not.toBeCloseTo(chrF('abc', 'ab'), 6);
    });

    it('gives 1 for every non-empty string against itself', () => {
      for (const s of samples) {
        if (s.replace(/\s/gu, '') !== '') expect(chrF(s, s)).toBeCloseTo(1, 12);
      }
    });

    it('ranks a closer back-translation above a looser one', () => {
      const original = "J'ai mal à la tête depuis hier soir.";
      const close = "J'ai mal à la tête depuis hier.";
      const loose = 'Ma tête me fait souffrir depuis la veille.';
      expect(chrF(close, original)).toBeGreaterThan(chrF(loose, original));
    });
  });

  describe('options', () => {
    it('uses fewer orders when charOrder is lowered', () => {
      // Order 1 only: {a,b} against {b,a} match fully
      expect(chrF('ab', 'ba', { charOrder: 1 })).toBe(1);
      expect(chrF('ab', 'ba')).toBeLessThan(1);
    });

    it('rejects invalid options', () => {
      expect(() => chrF('a', 'a', { charOrder: 0 })).toThrow(RangeError);
      expect(() => chrF('a', 'a', { charOrder: 1.5 })).toThrow(RangeError);
      expect(() => chrF('a', 'a', { beta: -1 })).toThrow(RangeError);
      expect(() => chrF('a', 'a', { beta: Number.NaN })).toThrow(RangeError);
    });
  });
});

describe('corpusChrF', () => {
  const pairs = [
    { hypothesis: 'The patient has a fever.', reference: 'The patient has fever.' },
    { hypothesis: 'Take two tablets every morning.', reference: 'Take two pills each morning.' },
    { hypothesis: '', reference: 'Since yesterday.' },
  ];

  it('is the sentence score for one pair, and for the same pair repeated', () => {
    const [one] = pairs;
    expect(corpusChrF([one])).toBeCloseTo(chrF(one.hypothesis, one.reference), 12);
    expect(corpusChrF([one, one, one])).toBeCloseTo(chrF(one.hypothesis, one.reference), 12);
  });

  it('adds the counts up before scoring, unlike the mean of sentence scores', () => {
    const mean = pairs.reduce((sum, p) => sum + chrF(p.hypothesis, p.reference), 0) / 3;
    const corpus = corpusChrF(pairs);
    // The empty hypothesis scores 0 alone but only costs recall in the sums.
    expect(corpus).toBeGreaterThan(mean);
    expect(corpus).toBeLessThan(1);
    expect(
      corpusChrF(pairs.map((p) => ({ hypothesis: p.reference, reference: p.reference }))),
    ).toBe(1);
  });

  it('is 0 for no pairs, and checks its options as chrF does', () => {
    expect(corpusChrF([])).toBe(0);
    expect(() => corpusChrF(pairs, { charOrder: 0 })).toThrow(RangeError);
    expect(() => corpusChrF(pairs, { beta: -1 })).toThrow(RangeError);
  });
});

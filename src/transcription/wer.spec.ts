import { describe, expect, it } from '@jest/globals';
import { wordDistance, wordErrorRate, words } from './wer.js';

describe('word error rate', () => {
  it('compares lower-case words without punctuation', () => {
    expect(words('Do you have ANY allergies?  “Don’t” know.')).toEqual([
      'do',
      'you',
      'have',
      'any',
      'allergies',
      "don't",
      'know',
    ]);
    expect(wordErrorRate('Where does it hurt?', 'where does it hurt')).toBe(0);
  });

  it('counts substitutions, deletions and insertions', () => {
    expect(wordDistance('take a deep breath and hold it', 'take a deep breath and hell dead')).toBe(
      2,
    );
    expect(wordDistance('the patient has a fever', 'the patient has fever')).toBe(1);
    expect(wordDistance('the patient has a fever', 'the patient has a high fever')).toBe(1);
    expect(
      wordErrorRate(
        'the patient has a fever and a headache',
        'the patient has a fever and headache',
      ),
    ).toBe(1 / 8);
    expect(wordErrorRate('yes', 'no no no')).toBe(3);
  });

  it('handles empty texts', () => {
    expect(wordErrorRate('', '')).toBe(0);
    expect(wordErrorRate('', 'noise')).toBe(1);
    expect(wordErrorRate('two words', '')).toBe(1);
  });
});

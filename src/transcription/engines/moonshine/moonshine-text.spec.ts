import { describe, expect, it } from '@jest/globals';
import llamaTokenizer from 'llama-tokenizer-js';
import { meanProbability, spokenForm, tokensToText } from './moonshine-text.js';

describe('Moonshine text', () => {
  it('decodes the tokens of a text back to it, without the start token', () => {
    const text = 'Take the amoxicillin, Mr. Smith.';
    expect(tokensToText(llamaTokenizer.encode(text).slice(1))).toBe(text);
    expect(tokensToText([])).toBe('');
  });

  it('writes figures, ordinals, times, percentages and spoken abbreviations as words', () => {
    expect(spokenForm('Take 2 tablets at 3:30, Mr. Smith.')).toBe(
      'Take two tablets at three thirty, Mister Smith.',
    );
    expect(spokenForm('Her oxygen dropped to 88%.')).toBe(
      'Her oxygen dropped to eighty eight percent.',
    );
    expect(spokenForm('Born at 36 weeks on the 21st.')).toBe(
      'Born at thirty six weeks on the twenty first.',
    );
    expect(spokenForm('Temperature 38.5, then 1,200 ml.')).toBe(
      'Temperature thirty eight point five, then one thousand two hundred ml.',
    );
    expect(spokenForm('See dr. Jones at 9:05 or 10:00.')).toBe(
      "See doctor Jones at nine oh five or ten o'clock.",
    );
  });

  it('leaves words alone, and an abbreviation inside a word', () => {
    expect(spokenForm('Drink water, Mrsa is not a word here.')).toBe(
      'Drink water, Mrsa is not a word here.',
    );
  });

  it('scores a decoding by the geometric mean of its token probabilities', () => {
    expect(meanProbability([Math.log(0.5), Math.log(0.5)])).toBeCloseTo(0.5, 10);
    expect(meanProbability([Math.log(1), Math.log(0.25)])).toBeCloseTo(0.5, 10);
    expect(meanProbability([])).toBe(0);
  });
});

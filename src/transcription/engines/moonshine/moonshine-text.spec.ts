import { describe, expect, it } from '@jest/globals';
import llamaTokenizer from 'llama-tokenizer-js';
import { meanProbability, textToTokens, tokensToText } from './moonshine-text.js';

describe('Moonshine text', () => {
  it('decodes the tokens of a text back to it, without the start token', () => {
    const text = 'Take the amoxicillin, Mr. Smith.';
    expect(tokensToText(llamaTokenizer.encode(text).slice(1))).toBe(text);
    expect(tokensToText([])).toBe('');
  });

  it('encodes a text as the tokens that decode back to it', () => {
    const text = 'i need a new prescription for my gabapentin';
    expect(tokensToText(textToTokens(text))).toBe(text);
  });

  it('scores a decoding by the geometric mean of its token probabilities', () => {
    expect(meanProbability([Math.log(0.5), Math.log(0.5)])).toBeCloseTo(0.5, 10);
    expect(meanProbability([Math.log(1), Math.log(0.25)])).toBeCloseTo(0.5, 10);
    expect(meanProbability([])).toBe(0);
  });
});

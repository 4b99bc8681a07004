import { describe, expect, it } from '@jest/globals';
import { prepareEspeakText } from './espeak-text.js';

describe('prepareEspeakText', () => {
  it('keeps ordinary text, quotes, markup and line breaks as they are', () => {
    const text = 'He said "no".\n<b>Allergy</b>: <5 mg\tpenicillin\r\n';
    expect(prepareEspeakText(text)).toBe(text);
  });

  it('replaces control characters, which could end the text early, by spaces', () => {
    expect(prepareEspeakText('a\u0000b\u0007c\u001bd\u007fe')).toBe('a b c d e');
  });

  it("splits espeak-ng's phoneme brackets so the text is read, not taken as phonemes", () => {
    expect(prepareEspeakText('[[h@l0U]] and [[[x]]')).toBe('[ [h@l0U]] and [ [ [x]]');
    expect(prepareEspeakText('[a] [b]')).toBe('[a] [b]');
  });

  it('precomposes Bengali-script letters written with a separate nukta', () => {
    expect(prepareEspeakText('অসমী\u09af\u09bcা')).toBe('অসমী\u09dfা');
    expect(prepareEspeakText('\u09a1\u09bc \u09a2\u09bc')).toBe('\u09dc \u09dd');
  });
});

import { describe, expect, it } from '@jest/globals';
import { breakLongWords, FLITE_MAX_WORD } from './flite.engine.js';

describe('breakLongWords', () => {
  it('leaves ordinary text alone', () => {
    const text = 'Take 2 tablets of amoxicillin-clavulanate, 875/125 mg, twice a day.';
    expect(breakLongWords(text)).toBe(text);
  });

  it('cuts a run longer than the limit into pieces of the limit', () => {
    const pieces = breakLongWords('a'.repeat(5000)).split(' ');
    expect(pieces).toHaveLength(Math.ceil(5000 / FLITE_MAX_WORD));
    expect(pieces.every((piece) => piece.length <= FLITE_MAX_WORD)).toBe(true);
    expect(pieces.join('')).toBe('a'.repeat(5000));
  });

  it('keeps the words around a long run', () => {
    expect(breakLongWords('see https://example.org/abcdefghij today', 10)).toBe(
      'see https://ex ample.org/ abcdefghij today',
    );
  });
});

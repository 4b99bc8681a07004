import { describe, expect, it } from '@jest/globals';
import { prepareFestivalText } from './festival-text.js';

const prepared = (text: string) => prepareFestivalText(text).toString('latin1');

describe('prepareFestivalText', () => {
  it('keeps Italian words, accented vowels and the punctuation of phrasing, in Latin-1', () => {
    const text = "L'età è più alta: perché? Sì, così.";
    expect(prepared(text)).toBe(text);
    expect(prepareFestivalText('è')).toEqual(Buffer.from([0xe8]));
  });

  it('spells out symbols with a spoken form and strips accents Italian does not have', () => {
    expect(prepared('50% e 10€')).toBe('50 per cento  e 10 euro ');
    expect(prepared('señor Müller, ça')).toBe('senor Muller, ca');
  });

  it('turns quotes, brackets, other scripts and stray apostrophes into spaces', () => {
    const spaced = prepared("«forte» (sì) 日本 3'' 'x").replace(/ +/g, ' ');
    expect(spaced).toBe(' forte sì 3 x');
  });

  it('reads digits and letters of one word apart', () => {
    expect(prepared('5mg H2O')).toBe('5 mg H 2 O');
  });
});

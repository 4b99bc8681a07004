import { describe, expect, it } from '@jest/globals';
import { prepareEnglishFestivalText, prepareFestivalText } from './festival-text.js';

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

describe('prepareEnglishFestivalText', () => {
  const english = (text: string) => prepareEnglishFestivalText(text).toString('latin1');

  it('keeps ASCII text as it is, symbols included (festival reads them)', () => {
    const text = "Take 5mg/kg twice a day: it's 50% of the dose (not $40)!";
    expect(english(text)).toBe(text);
  });

  it('drops accents, writes typographic marks in ASCII and spells out degrees', () => {
    expect(english('señor Müller’s “fever”: 38.5 °C — now…')).toBe(
      'senor Muller\'s "fever": 38.5  degrees C  -  now...',
    );
  });

  it('turns other scripts and control characters into spaces, and cuts very long words', () => {
    expect(english('pain 日本\u0007 here')).toBe('pain     here');
    expect(english('x'.repeat(30))).toBe(`${'x'.repeat(24)} ${'x'.repeat(6)}`);
    expect([...prepareEnglishFestivalText('é ü ñ ç')].every((byte) => byte < 0x80)).toBe(true);
  });
});

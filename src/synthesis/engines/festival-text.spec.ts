import { describe, expect, it } from '@jest/globals';
import { collapseRepeats } from './flite.engine.js';
import {
  breakLongUtterances,
  FESTIVAL_MAX_UTTERANCE,
  prepareEnglishFestivalText,
  prepareFestivalText,
} from './festival-text.js';

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
    const word = 'abcdefghij'.repeat(3);
    expect(english(word)).toBe(`${word.slice(0, 24)} ${word.slice(24)}`);
    expect([...prepareEnglishFestivalText('é ü ñ ç')].every((byte) => byte < 0x80)).toBe(true);
  });
});

describe('breakLongUtterances', () => {
  it('reads a sentence shorter than the limit as it is', () => {
    const sentence = 'Do you have any pain in your chest when you breathe in deeply?';
    expect(breakLongUtterances(sentence)).toBe(sentence);
    expect(breakLongUtterances(`${sentence} ${sentence}`)).toBe(`${sentence} ${sentence}`);
  });

  it('ends an utterance at the first space past the limit of a stretch without punctuation', () => {
    expect(breakLongUtterances('aaaa bbbb cccc. dddd eeee ffff gggg', 9)).toBe(
      'aaaa bbbb\n\ncccc. dddd eeee\n\nffff gggg',
    );
    expect(breakLongUtterances('aaaa bbbb ', 9)).toBe('aaaa bbbb\n\n');
    expect(breakLongUtterances('aaaaaaaaaaaaaaaa', 9)).toBe('aaaaaaaaaaaaaaaa');
  });

  it('keeps every stretch of hostile text within the limit and every word of it', () => {
    const letters = 'abcdefghij'.repeat(500);
    const text = prepareEnglishFestivalText(letters).toString('latin1');
    const utterances = text.split('\n\n');
    expect(utterances.length).toBeGreaterThanOrEqual(
      Math.floor(5000 / (FESTIVAL_MAX_UTTERANCE + 25)),
    );
    for (const utterance of utterances) {
      expect(utterance.length).toBeLessThanOrEqual(FESTIVAL_MAX_UTTERANCE + 25);
    }
    expect(text.replace(/\s/g, '')).toBe(letters);
    expect(prepared('ciao '.repeat(100)).split('\n\n').length).toBeGreaterThan(2);
  });
});

describe('collapseRepeats (festival and flite)', () => {
  it('says a letter repeated more than three times three times, and leaves words and numbers alone', () => {
    expect(prepareEnglishFestivalText('a'.repeat(5000)).toString('latin1')).toBe('aaa');
    expect(prepareEnglishFestivalText('Nooooo!!!!!! 1000 mg, 10000 IU').toString('latin1')).toBe(
      'Nooo!!!!!! 1000 mg, 10000 IU',
    );
    expect(prepared('Buongiorno, signora. Ahhhhh')).toBe('Buongiorno, signora. Ahhh');
    expect(collapseRepeats('see three keepers')).toBe('see three keepers');
  });
});

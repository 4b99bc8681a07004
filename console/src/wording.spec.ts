import { describe, expect, it } from '@jest/globals';
import { fidelityWording, languageName, languageOption, untranslatedWording } from './wording';

describe('wording', () => {
  it('says the round-trip score in plain words', () => {
    expect(fidelityWording(0.963, 'the patient has a fever and headache')).toEqual({
      percent: '96 %',
      verdict: 'close',
      level: 'close',
      caveat: undefined,
    });
    expect(fidelityWording(0.715, '¿Tiene usted disnea o dolor torácico?')).toMatchObject({
      percent: '72 %',
      verdict: 'check this',
    });
    expect(fidelityWording(0.088, 'Yes.').caveat).toMatch(/short sentence/);
  });

  it('names languages in English and in their own words', () => {
    expect(languageName('es-ES')).toBe('Spanish');
    expect(languageOption('es-ES')).toBe('Spanish — español (es-ES)');
    expect(languageOption('en-US')).toBe('English (en-US)');
  });
});

describe('untranslatedWording', () => {
  it('says nothing when every word was translated', () => {
    expect(untranslatedWording([])).toBeUndefined();
  });

  it('names the words and tells the clinician what to do', () => {
    expect(untranslatedWording(['jeun'])).toBe(
      '⚠ Not translated: “jeun”. The listener may not understand it: rephrase, or show it in writing.',
    );
    expect(untranslatedWording(['cofre', 'duele'])).toMatch(/“cofre”, “duele”.*understand them/);
  });
});

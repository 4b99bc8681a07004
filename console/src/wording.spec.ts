import { describe, expect, it } from '@jest/globals';
import {
  FIDELITY_THRESHOLD,
  fidelityWording,
  languageName,
  languageOption,
  untranslatedWording,
} from './wording';

describe('wording', () => {
  it('reads the calibrated fidelity against the benchmark threshold', () => {
    expect(fidelityWording(0.888, 'Toma dos pastillas cada mañana.')).toEqual({
      percent: '89 %',
      verdict: 'close',
      level: 'close',
      meaning: expect.stringMatching(/^likely faithful/),
      caveat: undefined,
    });
    // Below whatever threshold the last fit chose (npm run bench:fidelity rewrites it).
    expect(fidelityWording(0.3, 'El paciente tiene una fiebre y tuvo un')).toMatchObject({
      percent: '30 %',
      verdict: 'check this',
      level: 'check',
      meaning: expect.stringMatching(/negation/),
    });
    expect(fidelityWording(FIDELITY_THRESHOLD, 'the patient has a fever').level).toBe('close');
    expect(fidelityWording(FIDELITY_THRESHOLD - 0.001, 'the patient has a fever').level).toBe(
      'check',
    );
    // chrF's old cut (0.85) no longer decides: 0.7 is above the calibrated threshold.
    expect(fidelityWording(0.7, 'the patient has a fever').verdict).toBe('close');
    expect(fidelityWording(0.964, 'Yes.').caveat).toMatch(/short sentence/);
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

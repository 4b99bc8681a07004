import { describe, expect, it } from '@jest/globals';
import { forBothParties } from './both-parties';
import { directionOf, phrase } from './phrasebook';

describe('phrase', () => {
  it('is English for English, marked en and ltr', () => {
    expect(phrase('en-US', 'status.speakNow')).toEqual({
      text: 'Speak now',
      lang: 'en',
      dir: 'ltr',
      fallback: false,
    });
  });

  it('falls back to English, visibly, for a language without a table', () => {
    expect(phrase('zu-ZA', 'status.speakNow')).toMatchObject({
      text: 'Speak now',
      lang: 'en',
      fallback: true,
    });
  });

  it('reads Arabic, Persian and Hebrew right to left', () => {
    expect(['ar-EG', 'fa', 'he-IL', 'es-ES'].map(directionOf)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'ltr',
    ]);
  });
});

describe('forBothParties', () => {
  it('says it once when both parties read the same language', () => {
    expect(forBothParties({ medic: 'en-GB', patient: 'zu' }, 'end.thanks')).toHaveLength(1);
  });
});

import { describe, expect, it } from '@jest/globals';
import { fixturePhrasebook } from '../../../../test/support/phrasebook.fixture.js';

const phrasebook = fixturePhrasebook();
const suggest = (text: string, language: 'en' | 'es' = 'en') =>
  phrasebook.suggest(text, language, 3).map(({ match }) => ({
    id: match.entry.id,
    values: [...match.values].map(([type, value]) => `${type}=${value.id}`),
  }));

describe('PhraseSuggester (what the clinician may have meant)', () => {
  it('offers the phrases closest to a sentence that matches none, with its values', () => {
    expect(
      phrasebook.matchUtterance('Do you have bad pain in your left arm?', 'en'),
    ).toBeUndefined();
    expect(suggest('Do you have bad pain in your left arm?')[0]).toEqual({
      id: 'pain.body-part',
      values: ['body_part=arm.left'],
    });
    expect(suggest('¿Le duele mucho el brazo?', 'es')[0]).toEqual({
      id: 'pain.body-part',
      values: ['body_part=arm'],
    });
  });

  it('offers nothing for a sentence that shares too little with every phrase', () => {
    expect(suggest('What is the name of your village?')).toEqual([]);
  });

  it('never offers a phrase whose variable the sentence gave no value for', () => {
    // "Are you allergic to $drug?" is close in words, but no drug was said: it cannot be sent.
    expect(suggest('Are you allergic to anything at all?').map((s) => s.id)).not.toContain(
      'medication.allergic-to',
    );
    expect(suggest('Are you allergic to penicillin at all?').map((s) => s.id)).toContain(
      'medication.allergic-to',
    );
  });

  it('ranks by the weighted share of words in common, best first, at most the limit', () => {
    const scored = phrasebook.suggest('Have you ever broken a bone in your arm?', 'en', 2);
    expect(scored.length).toBeLessThanOrEqual(2);
    expect(scored[0].match.entry.id).toBe('past-history.fractures');
    for (let i = 1; i < scored.length; i++) {
      expect(scored[i].score).toBeLessThanOrEqual(scored[i - 1].score);
    }
  });
});

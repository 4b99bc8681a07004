import { describe, expect, it } from '@jest/globals';
import { finishedTurn } from './finished-turn.js';

describe('finishedTurn', () => {
  it.each([
    'Do you have any allergies?',
    'Any pain?',
    'The pain started two days ago.',
    'It hurts a lot!',
    'I take metformin twice a day.',
  ])('closes the turn after "%s"', (text) => {
    expect(finishedTurn(text)).toBe(true);
  });

  it.each([
    ['no final punctuation (pocketsphinx alone)', 'the pain started two days ago'],
    ['a comma', 'Were you wearing your seatbelt,'],
    ['a conjunction before the full stop', 'My chest hurts and.'],
    ['a preposition', 'It started on.'],
    ['an article', 'I have a.'],
    ['a hesitation', 'I think, um.'],
    ['too short a statement', 'Yes.'],
    ['a one-word question', 'Pain?'],
    ['an abbreviation', 'I saw Dr.'],
    ['nothing', ''],
    ['only punctuation', '...'],
    ['a particle that may be a preposition', 'It hurts when I breathe in.'],
  ])('waits for the silence after %s', (_why, text) => {
    expect(finishedTurn(text)).toBe(false);
  });
});

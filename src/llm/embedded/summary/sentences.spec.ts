import { describe, expect, it } from '@jest/globals';
import { splitSentences } from './sentences.js';

const texts = (input: string): string[] => splitSentences(input).map(({ text }) => text);

describe('splitSentences', () => {
  it('splits on sentence punctuation followed by a capital', () => {
    expect(texts('Fever since Monday. No cough! Any rash? None.')).toEqual([
      'Fever since Monday.',
      'No cough!',
      'Any rash?',
      'None.',
    ]);
  });

  it('keeps titles, e.g./i.e., initials and decimals inside the sentence', () => {
    expect(
      texts('Seen by Dr. Smith and J. Doe, e.g. for follow-up. Temperature 39.5 °C today.'),
    ).toEqual(['Seen by Dr. Smith and J. Doe, e.g. for follow-up.', 'Temperature 39.5 °C today.']);
    expect(texts('Vu par le Dr. Martin. Température 39,2 °C.')).toHaveLength(2);
  });

  it('does not end a sentence at a unit followed by a lower-case word', () => {
    expect(texts('Take 500 mg. twice a day. Then rest.')).toEqual([
      'Take 500 mg. twice a day.',
      'Then rest.',
    ]);
    expect(texts('Take 500 mg. Then rest.')).toEqual(['Take 500 mg.', 'Then rest.']);
  });

  it('treats line breaks as boundaries and reports offsets of verbatim slices', () => {
    const input = 'Medications:\n- metformin 500 mg\n\n  Plan: rest';
    const sentences = splitSentences(input);
    expect(sentences.map(({ text }) => text)).toEqual([
      'Medications:',
      '- metformin 500 mg',
      'Plan: rest',
    ]);
    for (const { text, start, startsLine } of sentences) {
      expect(input.slice(start, start + text.length)).toBe(text);
      expect(startsLine).toBe(true);
    }
  });
});

import { describe, expect, it } from '@jest/globals';
import { words } from '../../wer.js';
import { applyRegions, differingRegions, withRegion, wordSpans } from './hypothesis-regions.js';

const regionsOf = (own: string, other: string) => differingRegions(words(own), words(other));

describe('hypothesis regions', () => {
  it('finds the words of a text where words() finds them, with their places', () => {
    const text = "I'm taking 'sertraline', fifty milligrams.";
    expect(wordSpans(text).map((span) => span.word)).toEqual(words(text));
    expect(wordSpans(text).map((span) => text.slice(span.start, span.end))).toEqual([
      "I'm",
      'taking',
      'sertraline',
      'fifty',
      'milligrams',
    ]);
  });

  it('groups neighbouring differences into one region: replaced, inserted, deleted words', () => {
    expect(
      regionsOf(
        'I was started on circling fifty milligrams',
        'i was started on sertraline fifty milligrams',
      ),
    ).toEqual([{ start: 4, end: 5, own: ['circling'], other: ['sertraline'] }]);
    expect(regionsOf('take the tablet', 'take the tablet now')).toEqual([
      { start: 3, end: 3, own: [], other: ['now'] },
    ]);
    expect(regionsOf('the lies in april because', 'the lisinopril because')).toEqual([
      { start: 1, end: 4, own: ['lies', 'in', 'april'], other: ['lisinopril'] },
    ]);
    expect(regionsOf('same words', 'Same, words.')).toEqual([]);
  });

  it("puts the other text's words in, keeping case and punctuation around them", () => {
    const text = 'I stopped the lies in April because of a tickly cough.';
    const [region] = regionsOf(text, 'i stopped the lisinopril because of a tickly cough');
    expect(withRegion(words(text), region).join(' ')).toBe(
      'i stopped the lisinopril because of a tickly cough',
    );
    expect(applyRegions(text, [region])).toBe(
      'I stopped the lisinopril because of a tickly cough.',
    );
  });

  it('inserts at the start, in the middle and at the end, and deletes', () => {
    const text = 'Pain in chest, since Monday.';
    const regions = regionsOf(text, 'the pain in my chest since monday morning');
    expect(applyRegions(text, regions)).toBe('The pain in my chest, since Monday morning.');
    const deleted = regionsOf(text, 'pain in chest');
    expect(applyRegions(text, deleted)).toBe('Pain in chest.');
    expect(applyRegions('', regionsOf('', 'yes'))).toBe('yes');
  });

  it('applies only the regions it is given', () => {
    const text = 'Take the O mawks a sill in three times a day.';
    const [drug, other] = regionsOf(text, 'take the amoxicillin three times a dey');
    expect(applyRegions(text, [drug])).toBe('Take the amoxicillin three times a day.');
    expect(applyRegions(text, [other])).toBe('Take the O mawks a sill in three times a dey.');
  });
});

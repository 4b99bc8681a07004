import { describe, expect, it } from '@jest/globals';
import { spokenForm } from './spoken-form.js';

describe('the spoken form of a text', () => {
  it('writes figures, ordinals, times, percentages and spoken abbreviations as words', () => {
    expect(spokenForm('Take 2 tablets at 3:30, Mr. Smith.')).toBe(
      'Take two tablets at three thirty, Mister Smith.',
    );
    expect(spokenForm('Her oxygen dropped to 88%.')).toBe(
      'Her oxygen dropped to eighty eight percent.',
    );
    expect(spokenForm('Born at 36 weeks on the 21st.')).toBe(
      'Born at thirty six weeks on the twenty first.',
    );
    expect(spokenForm('Temperature 38.5, then 1,200 ml.')).toBe(
      'Temperature thirty eight point five, then one thousand two hundred ml.',
    );
    expect(spokenForm('See dr. Jones at 9:05 or 10:00.')).toBe(
      "See doctor Jones at nine oh five or ten o'clock.",
    );
  });

  it('leaves words alone, and an abbreviation inside a word', () => {
    expect(spokenForm('Drink water, Mrsa is not a word here.')).toBe(
      'Drink water, Mrsa is not a word here.',
    );
  });
});

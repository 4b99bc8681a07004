import { describe, expect, it } from '@jest/globals';
import { mostlyUntranslated } from './outside-language.js';

describe('mostlyUntranslated', () => {
  it('takes a text whose words the engine nearly all left as they were for another language', () => {
    const creole = 'Mwen gen doulè nan vant mwen.';
    expect(mostlyUntranslated(creole, ['Mwen', 'gen', 'doulè', 'nan', 'vant', 'mwen'])).toBe(true);
    expect(mostlyUntranslated('Madaxa ayaa i xanuunaya.', ['Madaxa', 'ayaa', 'xanuunaya'])).toBe(
      true,
    );
  });

  it('not a sentence with a few unknown words, nor one too short to tell', () => {
    // The development set's worst case: half its words left (pivot leaks).
    expect(mostlyUntranslated('Isso já aconteceu antes?', ['Eso', 'aconteció'])).toBe(false);
    expect(mostlyUntranslated('Kopfweh heute', ['Kopfweh', 'heute'])).toBe(false);
    expect(mostlyUntranslated('The patient has a fever.', [])).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import { SpecialistVocabulary, spellingKey } from './specialist-vocabulary.js';

describe('spellingKey', () => {
  it("gives a drug's names in the five languages one key", () => {
    const names = ['amoxicillin', 'amoxicilina', 'amoxicilline', 'amoxicillina', 'Amoxicilina'];
    expect(new Set(names.map(spellingKey))).toEqual(new Set(['amoxicilin']));
    expect(spellingKey('paracétamol')).toBe(spellingKey('paracetamolo'));
    expect(spellingKey('ibuprofène')).toBe(spellingKey('ibuprofen'));
  });
});

describe('SpecialistVocabulary', () => {
  const vocabulary = SpecialistVocabulary.fromWordLists(
    ['metformin', 'warfarin', 'house', 'dyspnea', 'ache'],
    ['house', 'House', 'the'],
  );

  it('holds the medical words a general dictionary lacks, in any of the five spellings', () => {
    expect(vocabulary.has('metformina')).toBe(true);
    expect(vocabulary.has('Warfarine')).toBe(true);
    expect(vocabulary.has('disnea')).toBe(false); // another spelling, not another ending
    expect(vocabulary.has('dyspnée')).toBe(true);
  });

  it('leaves out general words and keys too short to be told apart', () => {
    expect(vocabulary.has('house')).toBe(false);
    expect(vocabulary.has('ache')).toBe(false);
    expect(vocabulary.has('cofre')).toBe(false);
  });

  it('reads nothing until asked, and is empty without the Debian lists', () => {
    const missing = SpecialistVocabulary.fromDebian('/nonexistent/med.dic', '/nonexistent/words');
    expect(missing.has('metformin')).toBe(false);
    expect(missing.size).toBe(0);
  });
});

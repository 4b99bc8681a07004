import { describe, expect, it } from '@jest/globals';
import { SpecialistVocabulary } from './specialist-vocabulary.js';
import { untranslatedWords } from './untranslated-words.js';

const vocabulary = SpecialistVocabulary.fromWordLists(['metformin', 'apixaban'], []);

describe('untranslatedWords', () => {
  it('reports a word of the wrong language', () => {
    expect(untranslatedWords(['jeun'], 'You have to remain to jeun.', vocabulary)).toEqual([
      'jeun',
    ]);
  });

  it('keeps a name inside a sentence, a drug name and a number without a report', () => {
    const text = 'Mr Smithers takes metformina and 2x a day.';
    expect(untranslatedWords(['Smithers', 'metformina', '2x'], text, vocabulary)).toEqual([]);
  });

  it('reports a capitalised word that only opens a sentence: it may not be a name', () => {
    expect(untranslatedWords(['Cofre'], 'Cofre hurts. It hurts.', vocabulary)).toEqual(['Cofre']);
    expect(untranslatedWords(['Dupont'], 'Dupont? Yes, Dupont.', vocabulary)).toEqual([]);
  });

  it('reports each word once', () => {
    expect(untranslatedWords(['duele', 'duele'], 'Le cofre duele, duele.', vocabulary)).toEqual([
      'duele',
    ]);
  });
});

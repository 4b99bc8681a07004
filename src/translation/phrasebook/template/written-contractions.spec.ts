import { describe, expect, it } from '@jest/globals';
import { withWrittenContractions } from './written-contractions.js';

describe('withWrittenContractions', () => {
  it('contracts a preposition of the phrase with the article of a value', () => {
    expect(withWrittenContractions('es', '¿Se ha saltado alguna dosis de el diazepam?')).toBe(
      '¿Se ha saltado alguna dosis del diazepam?',
    );
    expect(withWrittenContractions('es', 'Como es alérgica a el diazepam, le doy otro.')).toBe(
      'Como es alérgica al diazepam, le doy otro.',
    );
    expect(withWrittenContractions('fr', 'Nous allons augmenter la dose de azithromycine.')).toBe(
      "Nous allons augmenter la dose d'azithromycine.",
    );
    expect(withWrittenContractions('fr', 'La dose de le paracétamol, à les enfants.')).toBe(
      'La dose du paracétamol, aux enfants.',
    );
  });

  it('leaves what is already written right, and words that only begin the same', () => {
    expect(withWrittenContractions('es', 'El dolor de elbow, delante de ella.')).toBe(
      'El dolor de elbow, delante de ella.',
    );
    expect(withWrittenContractions('fr', 'Le dernier jour de hospitalisation.')).toBe(
      'Le dernier jour de hospitalisation.',
    );
    expect(withWrittenContractions('fr', 'Faites signe que oui.')).toBe('Faites signe que oui.');
    expect(withWrittenContractions('en', 'the dose de el')).toBe('the dose de el');
  });
});

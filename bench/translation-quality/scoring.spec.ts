import { describe, expect, it } from '@jest/globals';
import { essentialFound, leakedPivotWords, words } from './scoring.js';

describe('translation-quality scoring', () => {
  it('splits words on letters, keeping accents and hyphens, parting elisions', () => {
    expect(words("¿Está usted EMBARAZADA? J'ai mal à la tête, post-opératoire.")).toEqual([
      'está',
      'usted',
      'embarazada',
      'j',
      'ai',
      'mal',
      'à',
      'la',
      'tête',
      'post-opératoire',
    ]);
  });

  it('finds essential words by any accepted form, whole words only, multiword forms too', () => {
    const essential = [['chest', 'thorax'], ['short of breath', 'breathless'], ['pain']];
    expect(essentialFound('Are you short of breath? Does your chest hurt?', essential)).toEqual({
      found: 2,
      total: 3,
      missing: ['pain'],
    });
    // "painful" is not "pain"; "breath short of" is not "short of breath".
    expect(essentialFound('painful breath short of', essential).found).toBe(0);
  });

  it('counts pivot words left in the output, not words of the source or of the target language', () => {
    const leaked = leakedPivotWords(
      "Le patient a de l'hipertensión et il est alérgico à la penicilina, douleur de cofre.",
      'El paciente tiene hipertensión y es alérgico a la penicilina, dolor de cofre.',
      'The patient has hypertension and is allergic to penicillin, chest pain.',
      new Set(['le', 'patient', 'douleur', 'de', 'la']),
    );
    expect(leaked).toEqual(['hipertensión', 'alérgico', 'penicilina', 'cofre']);
  });
});

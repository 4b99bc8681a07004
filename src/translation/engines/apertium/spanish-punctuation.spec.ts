import { describe, expect, it } from '@jest/globals';
import { withOpeningMarks, withoutOpeningMarks } from './spanish-punctuation.js';

describe('withOpeningMarks', () => {
  it('opens a question with ¿ and an exclamation with ¡', () => {
    expect(withOpeningMarks('Es alérgica a penicilina?')).toBe('¿Es alérgica a penicilina?');
    expect(withOpeningMarks('Uau! Aquello es sumo!')).toBe('¡Uau! ¡Aquello es sumo!');
  });

  it('marks each sentence of several, and leaves statements alone', () => {
    expect(withOpeningMarks('Tome 2.5 mg cada día. Le duele aquí? Gracias.')).toBe(
      'Tome 2.5 mg cada día. ¿Le duele aquí? Gracias.',
    );
    expect(withOpeningMarks('Tiene fiebre.')).toBe('Tiene fiebre.');
  });

  it('keeps a mark that is there, and goes inside an opening quote', () => {
    expect(withOpeningMarks('¿Le duele?')).toBe('¿Le duele?');
    expect(withOpeningMarks('Si le duele, ¿dónde?')).toBe('Si le duele, ¿dónde?');
    expect(withOpeningMarks('«Le duele?»')).toBe('«¿Le duele?»');
    expect(withOpeningMarks('Le duele?? ')).toBe('¿Le duele?? ');
  });

  it('does not cut a sentence at a decimal point', () => {
    expect(withOpeningMarks('Toma 1.5 pastillas?')).toBe('¿Toma 1.5 pastillas?');
  });
});

describe('withoutOpeningMarks', () => {
  it('removes the marks Spanish leaves in another language', () => {
    expect(withoutOpeningMarks('¿Sta Lei incinta?')).toBe('Sta Lei incinta?');
    expect(withoutOpeningMarks('¡ Attenzione!')).toBe('Attenzione!');
  });
});

import { describe, expect, it } from '@jest/globals';
import { negationCount } from './negation.js';
import { numberValues, sameNumbers } from './number-values.js';
import { endsUnfinished } from './sentence-ending.js';
import { stemOf } from './words.js';
import { personShift } from './person-shift.js';

describe('negationCount', () => {
  it('counts a negated clause once, double negatives included', () => {
    expect(negationCount('You must not eat anything before the blood test.', 'en')).toBe(1);
    expect(negationCount("Don't take it.", 'en')).toBe(1);
    expect(negationCount('No debe comer nada antes del análisis de sangre.', 'es')).toBe(1);
    expect(negationCount('Vous ne devez rien manger avant la prise de sang.', 'fr')).toBe(1);
    expect(negationCount("Vous n'avez pas de fièvre ?", 'fr')).toBe(1);
    expect(negationCount('O senhor não deve comer nada.', 'pt')).toBe(1);
    expect(negationCount('Non deve mangiare niente.', 'it')).toBe(1);
  });

  it('reads spoken French without ne, and a sentence without negation as 0', () => {
    expect(negationCount("J'ai pas mal.", 'fr')).toBe(1);
    expect(negationCount('Debe comer antes del análisis.', 'es')).toBe(0);
    expect(negationCount('Nicht essen.', 'de')).toBe(0); // no word list: never an alarm
  });
});

describe('numberValues', () => {
  it('reads digits and number words alike, one left out as it is also the article', () => {
    expect(numberValues('Toma dos pastillas cada mañana.', 'es')).toEqual([2]);
    expect(numberValues('Take 2 tablets, 1,5 mg.', 'en')).toEqual([1.5, 2]);
    expect(numberValues('Take one tablet twice a day.', 'en')).toEqual([2]);
    expect(numberValues('Tome duas vezes.', 'pt')).toEqual([2]);
  });

  it('compares the numbers of two languages', () => {
    expect(sameNumbers('Toma dos pastillas.', 'es', 'It takes two tablets.', 'en')).toBe(true);
    expect(sameNumbers('Take two tablets.', 'en', 'Tome tres comprimidos.', 'es')).toBe(false);
    expect(sameNumbers('Take two tablets.', 'en', 'Tome comprimidos.', 'es')).toBe(false);
  });
});

describe('endsUnfinished', () => {
  it('tells a sentence cut after an article or conjunction', () => {
    expect(endsUnfinished('The patient has one fever and had a', 'en')).toBe(true);
    expect(endsUnfinished('El paciente tiene una fiebre y tuvo un', 'es')).toBe(true);
    expect(endsUnfinished('Ressentez-vous une oppression dans la ?', 'fr')).toBe(true);
  });

  it('leaves whole sentences, a stranded preposition and unknown languages alone', () => {
    expect(endsUnfinished('The patient has a fever.', 'en')).toBe(false);
    expect(endsUnfinished('Where are you from?', 'en')).toBe(false);
    expect(endsUnfinished('Der Patient hat ein', 'de')).toBe(false);
  });
});

describe('stemOf', () => {
  it('makes plurals and accents meet', () => {
    expect(stemOf('riñones')).toBe(stemOf('riñón'));
    expect(stemOf('reni')).toBe(stemOf('rene'));
    expect(stemOf('kidneys')).toBe(stemOf('kidney'));
    expect(stemOf('rein')).not.toBe(stemOf('reni'));
  });
});

describe('personShift', () => {
  it('counts the third-person pronouns a translation adds: a "you" or an "I" become he or il', () => {
    expect(
      personShift(
        'Può dirmi la sua data di nascita?',
        'it',
        'Il peut me dire la à elle date de naissance?',
        'fr',
      ),
    ).toBe(2);
    expect(
      personShift('Lei ha il diritto di rifiutare.', 'it', 'She has the right to refuse.', 'en'),
    ).toBe(1);
  });

  it('is 0 when the source has them too, or the translation adds none', () => {
    expect(
      personShift('Mi madre se olvida de las cosas.', 'es', 'My mother forgets things.', 'en'),
    ).toBe(0);
    expect(personShift('Il a de la fièvre.', 'fr', 'Tiene fiebre.', 'es')).toBe(0);
    expect(personShift('Are you allergic?', 'en', '¿Es usted alérgica?', 'es')).toBe(0);
    expect(personShift('Are you allergic?', 'en', 'Sind Sie allergisch?', 'de')).toBe(0);
  });
});

import { describe, expect, it } from '@jest/globals';
import { nounForms, sidedNoun } from './noun-forms.js';

describe('nounForms', () => {
  it('makes the contractions of each language from the definite article', () => {
    expect(nounForms('es', 'el brazo').forms).toMatchObject({
      of_the: 'del brazo',
      to_the: 'al brazo',
      in_the: 'en el brazo',
      a: 'un brazo',
      have: 'brazo',
    });
    expect(nounForms('fr', "l'épaule|f").forms).toMatchObject({
      the: "l'épaule",
      of_the: "de l'épaule",
      to_the: "à l'épaule",
      a: 'une épaule',
    });
    expect(nounForms('fr', 'les yeux|m').forms).toMatchObject({
      of_the: 'des yeux',
      to_the: 'aux yeux',
    });
    expect(nounForms('pt-BR', 'a perna').forms).toMatchObject({
      of_the: 'da perna',
      in_the: 'na perna',
    });
    expect(nounForms('it', 'lo stomaco').forms).toMatchObject({
      of_the: 'dello stomaco',
      in_the: 'nello stomaco',
      a: 'uno stomaco',
    });
    expect(nounForms('it', "l'orecchio|m").forms).toMatchObject({
      to_the: "all'orecchio",
      a: 'un orecchio',
    });
    expect(nounForms('en', 'ear').forms).toMatchObject({ a: 'an ear', the: 'the ear' });
  });

  it('takes the gender after the article when written (el asma|f), and asks for it after l’', () => {
    expect(nounForms('es', 'el asma|f').agreement).toEqual({ gender: 'f', plural: false });
    expect(() => nounForms('fr', "l'estomac")).toThrow(/say the gender/);
    expect(() => nounForms('es', 'brazo')).toThrow(/definite article/);
  });

  it('keeps a gender mark written in a map of forms out of the text ("les vertiges|m")', () => {
    const dizziness = nounForms('fr', 'les vertiges|m', {
      the: 'les vertiges|m',
      have: 'des vertiges',
    });
    expect(dizziness.forms.the).toBe('les vertiges');
    expect(dizziness.agreement).toEqual({ gender: 'm', plural: true });
  });

  it('reads an English plural from its mark (feet|pl), for the words that agree with it', () => {
    expect(nounForms('en', 'feet|pl')).toMatchObject({
      forms: { bare: 'feet', the: 'the feet' },
      agreement: { plural: true },
    });
    expect(nounForms('en', 'foot').agreement.plural).toBe(false);
  });

  it('puts the side after the noun, agreeing with it', () => {
    expect(sidedNoun('es', nounForms('es', 'la pierna'), 'left').forms.the).toBe(
      'la pierna izquierda',
    );
    expect(sidedNoun('fr', nounForms('fr', 'la main'), 'right').forms.to_the).toBe(
      'à la main droite',
    );
    expect(sidedNoun('it', nounForms('it', 'il ginocchio'), 'right').forms.in_the).toBe(
      'nel ginocchio destro',
    );
    expect(sidedNoun('en', nounForms('en', 'arm'), 'left').forms.a).toBe('a left arm');
  });
});

import { describe, expect, it } from '@jest/globals';
import { regularVerbForms } from '../../../../scripts/regular-verbs.mjs';

const form = (lemma: string, language: string, tags: string) =>
  regularVerbForms(lemma, language).find(([t]) => t.join('.') === tags)?.[1];

describe('regularVerbForms (the lexicon’s verbs no Apertium generator knows)', () => {
  it('conjugates French -er verbs, with the spelling of -ger and -cer', () => {
    expect(form('tousser', 'fr', 'pri.p1.sg')).toBe('tousse');
    expect(form('tousser', 'fr', 'pp.f.pl')).toBe('toussées');
    expect(form('tousser', 'fr', 'fti.p3.pl')).toBe('tousseront');
    expect(form('manger', 'fr', 'pri.p1.pl')).toBe('mangeons');
    expect(form('avancer', 'fr', 'pii.p3.sg')).toBe('avançait');
  });

  it('conjugates Portuguese -ar verbs, with qu, gu and c before e', () => {
    expect(form('sangrar', 'pt', 'pri.p3.sg')).toBe('sangra');
    expect(form('tocar', 'pt', 'ifi.p1.sg')).toBe('toquei');
    expect(form('chegar', 'pt', 'prs.p3.sg')).toBe('chegue');
    expect(form('coçar', 'pt', 'prs.p1.sg')).toBe('coce');
  });

  it('conjugates Italian -are verbs, with h after c and g, and one i', () => {
    expect(form('palpare', 'it', 'pri.p1.pl')).toBe('palpiamo');
    expect(form('cercare', 'it', 'fti.p1.sg')).toBe('cercherò');
    expect(form('sdraiare', 'it', 'pri.p2.sg')).toBe('sdrai');
  });

  it('leaves out what the rule would get wrong', () => {
    expect(regularVerbForms('digérer', 'fr')).toEqual([]); // digère
    expect(regularVerbForms('peler', 'fr')).toEqual([]); // pèle
    expect(regularVerbForms('tossir', 'pt')).toEqual([]); // tusso
    expect(regularVerbForms('aller', 'fr')).toEqual([]);
    expect(regularVerbForms('cough', 'en')).toEqual([]);
  });
});

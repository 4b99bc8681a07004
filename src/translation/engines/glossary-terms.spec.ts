import { describe, expect, it } from '@jest/globals';
import { describeTerms, glossaryTerms, missingTerms, writesTerm } from './glossary-terms.js';
import type { FixedTerm } from './translation-engine.js';

const term = (replacement: string, source: FixedTerm['source'] = 'glossary'): FixedTerm => ({
  start: 0,
  end: 4,
  replacement,
  source,
  origin: 'glossary.tsv:2',
});

describe('glossary terms', () => {
  it('keeps only the glossary terms of a request', () => {
    const terms = [term('planta'), term('pecho', 'builtin'), term('tórax')];
    expect(glossaryTerms(terms).map((t) => t.replacement)).toEqual(['planta', 'tórax']);
    expect(glossaryTerms(undefined)).toEqual([]);
  });

  it.each([
    ['La planta está llena.', 'planta'],
    ['PLANTA 3', 'planta'],
    ['Las plantas están llenas.', 'planta'],
    ['I reparti sono pieni.', 'reparto'],
    ['Los hospitales de día abren.', 'hospital de día'],
    ['El  hospital\nde día', 'hospital de día'],
    ['Dolor en el Tórax.', 'tórax'],
    ['胸部疼痛', '胸部'],
  ])('finds the term in %j (%s)', (translation, form) => {
    expect(writesTerm(translation, term(form))).toBe(true);
  });

  it.each([
    ['La plant está llena.', 'planta', 'a stem alone'],
    ['Trasplantado.', 'planta', 'inside a word'],
    ['Hospital del día.', 'hospital de día', 'a short word changed'],
    ['La habitación.', 'planta', 'another word'],
    ['Plantación.', 'planta', 'more than three letters added'],
  ])('does not find it in %j (%s: %s)', (translation, form) => {
    expect(writesTerm(translation, term(form))).toBe(false);
  });

  it('reports each missing target form once', () => {
    const terms = [term('planta'), term('Planta'), term('tórax')];
    expect(missingTerms('El tórax.', terms).map((t) => t.replacement)).toEqual(['planta']);
    expect(missingTerms('Planta y tórax.', terms)).toEqual([]);
  });

  it('describes terms by target form and glossary row, for messages', () => {
    expect(describeTerms([term('planta'), { ...term('tórax'), origin: 'g.tsv:4' }])).toBe(
      '"planta" (glossary.tsv:2), "tórax" (g.tsv:4)',
    );
  });
});

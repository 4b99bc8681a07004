import { describe, expect, it } from '@jest/globals';
import { TermMatcher } from './term-matcher.js';
import { parseTermTable } from '../../config/term-table.js';

const rows = parseTermTable(
  [
    'concept\ten\tes\tfr',
    'chest\tchest | thorax\tpecho\tpoitrine',
    'chest-pain\tchest pain\tdolor torácico\tdouleur thoracique',
    'short-of-breath\tshort of breath\tcon falta de aire\tessoufflé',
    'blood-thinner\tblood thinner | anticoagulant\tanticoagulante\t',
  ].join('\n'),
  'terms.tsv',
);

describe('TermMatcher', () => {
  const en2es = new TermMatcher(rows, 'en', 'es');

  it('finds whole-word terms, longest first, with the target form', () => {
    const text = 'Chest pain and a tight chest; short of breath since the thorax hurt.';
    expect(en2es.find(text).map((m) => [text.slice(m.start, m.end), m.replacement])).toEqual([
      ['Chest pain', 'Dolor torácico'],
      ['chest', 'pecho'],
      ['short of breath', 'con falta de aire'],
      ['thorax', 'pecho'],
    ]);
  });

  it('matches neither inside a word nor across a term cut by another word', () => {
    expect(en2es.find('chestnut, chests, short of the breath')).toEqual([]);
  });

  it('leaves reserved spans (doses) alone', () => {
    const text = 'chest 5 mg';
    expect(en2es.find(text, [{ start: 0, end: 5 }])).toEqual([]);
  });

  it('knows only the rows that have both languages', () => {
    const en2fr = new TermMatcher(rows, 'en', 'fr');
    expect(en2fr.find('Take your blood thinner.')).toEqual([]);
    expect(en2es.find('Take your blood thinner.').map((m) => m.replacement)).toEqual([
      'anticoagulante',
    ]);
  });

  it('keeps the first row that claims a form: a glossary given first wins', () => {
    const glossary = parseTermTable('concept\ten\tes\nchest\tchest\ttórax', 'glossary.tsv');
    const matcher = new TermMatcher([...glossary, ...rows], 'en', 'es');
    expect(matcher.find('my chest').map((m) => m.replacement)).toEqual(['tórax']);
  });
});

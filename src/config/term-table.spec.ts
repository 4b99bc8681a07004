import { describe, expect, it } from '@jest/globals';
import { parseTermTable, TermTableError } from './term-table.js';

const HEADER = '# concept\ten\tes\tfr';

describe('parseTermTable', () => {
  it('reads rows of forms per language, first form first, NFC, skipping comments and blanks', () => {
    const rows = parseTermTable(
      `${HEADER}\n\n# body\nchest\tchest | thorax\tpecho\tpoitrine\nfast\tfasting\ten ayunas\ta\u0300 jeun\n`,
      'terms.tsv',
    );
    expect(rows.map((r) => [r.origin, r.concept, Object.fromEntries(r.forms)])).toEqual([
      ['terms.tsv:4', 'chest', { en: ['chest', 'thorax'], es: ['pecho'], fr: ['poitrine'] }],
      ['terms.tsv:5', 'fast', { en: ['fasting'], es: ['en ayunas'], fr: ['à jeun'] }],
    ]);
  });

  it('reads a CSV glossary, where a language may be left empty', () => {
    const rows = parseTermTable('concept,en,es,fr\nward,ward,planta,\n', 'glossary.csv');
    expect(Object.fromEntries(rows[0].forms)).toEqual({ en: ['ward'], es: ['planta'] });
  });

  it.each([
    ['', 'line 1: the file is empty'],
    [
      'term\ten\tes\nx\ty\tz',
      'line 1: the header must be "concept" then two or more ISO 639-1 codes',
    ],
    ['concept\ten\ten\nx\ty\tz', 'line 1: a language column appears twice'],
    [`${HEADER}\nchest\tchest\tpecho`, 'line 2: 3 columns where the header has 4'],
    [`${HEADER}\n\tchest\tpecho\tpoitrine`, 'line 2: the concept column is empty'],
    [`${HEADER}\nchest\tchest\t\t`, 'line 2: "chest" has forms in 1 language(s)'],
  ])('refuses %j, naming the line and the problem', (content, message) => {
    expect(() => parseTermTable(content, 'glossary.tsv')).toThrow(TermTableError);
    expect(() => parseTermTable(content, 'glossary.tsv')).toThrow(`glossary.tsv, ${message}`);
  });
});

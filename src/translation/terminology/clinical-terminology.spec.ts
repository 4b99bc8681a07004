import { describe, expect, it } from '@jest/globals';
import { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { ClinicalTerminology } from './clinical-terminology.js';
import { parseTermTable } from '../../config/term-table.js';

const lang = (code: string, iso6391: string) => ({ code, iso6391 }) as CatalogLanguage;
const ENG = lang('eng_Latn', 'en');
const SPA = lang('spa_Latn', 'es');

const glossary = parseTermTable(
  'concept\ten\tes\nward\tward\tplanta\nchest\tchest\ttórax',
  'glossary.tsv',
);

describe('ClinicalTerminology', () => {
  it('tells glossary terms from built-in ones, with the row each comes from', () => {
    const text = 'The ward nurse saw my chest and my head.';
    const terms = ClinicalTerminology.builtIn(glossary).find(text, ENG, SPA);
    expect(
      terms.map((t) => [text.slice(t.start, t.end), t.replacement, t.source, t.origin]),
    ).toEqual([
      ['ward', 'planta', 'glossary', 'glossary.tsv:2'],
      ['chest', 'tórax', 'glossary', 'glossary.tsv:3'],
      ['head', 'cabeza', 'builtin', expect.stringMatching(/^clinical-terms\.tsv:\d+$/)],
    ]);
  });

  it('marks every term built-in without a glossary', () => {
    const terms = ClinicalTerminology.builtIn().find('my chest', ENG, SPA);
    expect(terms.map((t) => [t.replacement, t.source])).toEqual([['pecho', 'builtin']]);
  });

  it("writes the glossary's term inside a longer built-in one, and the rest around it", () => {
    const text = 'I have chest pain and a headache.';
    const terms = ClinicalTerminology.builtIn(glossary).find(text, ENG, SPA);
    expect(terms.map((t) => [text.slice(t.start, t.end), t.replacement, t.source])).toEqual([
      ['chest', 'tórax', 'glossary'],
      ['pain', 'dolor', 'builtin'],
      ['headache', 'dolor de cabeza', 'builtin'],
    ]);
    // Without the glossary, the longer built-in term.
    const builtIn = ClinicalTerminology.builtIn().find(text, ENG, SPA);
    expect(builtIn.map((t) => text.slice(t.start, t.end))).toEqual(['chest pain', 'headache']);
  });
});

describe('ClinicalTerminology: adjectives that agree with the person described', () => {
  const terminology = ClinicalTerminology.builtIn();
  const FRA = lang('fra_Latn', 'fr');
  const replacement = (text: string, source: CatalogLanguage, genders: object) =>
    terminology.find(text, source, SPA, [], genders).map((t) => t.replacement);

  it("agrees with the addressee's gender in a question to them, the speaker's in their own words", () => {
    expect(replacement('Are you allergic?', ENG, { addresseeGender: 'female' })).toEqual([
      'alérgica',
    ]);
    expect(replacement('Are you allergic?', ENG, { addresseeGender: 'male' })).toEqual([
      'alérgico',
    ]);
    expect(
      replacement('I am allergic.', ENG, { speakerGender: 'female', addresseeGender: 'male' }),
    ).toEqual(['alérgica']);
    expect(replacement('Êtes-vous allergique ?', FRA, { addresseeGender: 'female' })).toEqual([
      'alérgica',
    ]);
  });

  it("keeps the table's first form for someone else, or when no gender is known", () => {
    expect(replacement('Is your son allergic?', ENG, { addresseeGender: 'female' })).toEqual([
      'alérgico',
    ]);
    expect(replacement('Are you allergic?', ENG, {})).toEqual(['alérgico']);
  });

  it("keeps the gender a source's own form says", () => {
    const ITA = lang('ita_Latn', 'it');
    const terms = terminology.find('Soy alérgico.', SPA, ITA, [], { speakerGender: 'female' });
    expect(terms.map((t) => t.replacement)).toEqual(['allergico']);
  });
});

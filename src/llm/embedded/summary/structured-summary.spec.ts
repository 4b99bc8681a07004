import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HEADINGS,
  StructuredSummarizer,
  type SummaryLanguageRef,
  type TranslateFn,
} from './structured-summary.js';
import { extractSections, SECTION_ORDER, type SectionKey } from './summary-sections.js';

const FIXTURES = join(import.meta.dirname, '../../../../test/fixtures/llm/summary');
const expectations = JSON.parse(
  readFileSync(join(FIXTURES, 'expectations.json'), 'utf8'),
) as Record<string, { language: string; sections: Partial<Record<SectionKey, string[]>> }>;
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

const LANGUAGES: Record<string, SummaryLanguageRef> = {
  en: { code: 'eng_Latn', iso6391: 'en', name: 'English' },
  fr: { code: 'fra_Latn', iso6391: 'fr', name: 'French' },
  es: { code: 'spa_Latn', iso6391: 'es', name: 'Spanish' },
  de: { code: 'deu_Latn', iso6391: 'de', name: 'German' },
  nl: { code: 'nld_Latn', iso6391: 'nl', name: 'Dutch' },
};
const prefixOf = (code: string): string => `[${code.slice(0, 2)}] `;
/** A fake translation that marks its output: `[sp] text`. */
const fakeTranslate: TranslateFn = (text, _source, target) =>
  Promise.resolve(prefixOf(target) + text);
const noTranslate: TranslateFn = () => Promise.reject(new Error('must not translate'));

const bullets = (summary: string): string[] =>
  summary
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
const headingsOf = (summary: string): string[] =>
  summary.split('\n').filter((line) => line.length > 0 && !line.startsWith('- '));

describe('extractSections', () => {
  describe.each(Object.entries(expectations))('%s', (name, expected) => {
    const sections = extractSections(fixture(name));
    it.each(Object.entries(expected.sections))('fills %s', (key, items) => {
      const found = sections[key as SectionKey].join('\n');
      for (const item of items) expect(found).toContain(item);
    });
  });

  it('puts sentences without any cue or item under symptoms and history', () => {
    expect(extractSections('The patient feels tired. She sleeps badly.').history).toHaveLength(2);
  });
});

describe('StructuredSummarizer', () => {
  const summarizer = new StructuredSummarizer();

  it.each(Object.entries(expectations))(
    '%s: same language, table headings, verbatim bullets, no translation',
    async (name, expected) => {
      const text = fixture(name);
      const language = LANGUAGES[expected.language];
      const summary = await summarizer.summarize(text, language, language, noTranslate);
      const headings = HEADINGS[expected.language];
      const sections = extractSections(text);
      expect(headingsOf(summary)).toEqual(
        SECTION_ORDER.filter((key) => sections[key].length > 0).map((key) => `${headings[key]}:`),
      );
      for (const key of Object.keys(expected.sections) as SectionKey[])
        expect(summary).toContain(`${headings[key]}:`);
      for (const bullet of bullets(summary)) expect(text).toContain(bullet);
    },
  );

  it('omits empty sections', async () => {
    const summary = await summarizer.summarize(
      'Allergies: NKDA.\nVitals: BP 120/80 mmHg.',
      LANGUAGES.en,
      LANGUAGES.en,
      noTranslate,
    );
    expect(summary).toBe('Allergies:\n- NKDA\n\nVital signs:\n- BP 120/80 mmHg');
  });

  it.each([
    ['en-chest-pain.txt', 'en', 'es'],
    ['fr-fievre.txt', 'fr', 'en'],
    ['es-nota.txt', 'es', 'de'],
  ])('%s → translated content, headings from the table (%s → %s)', async (name, from, to) => {
    const text = fixture(name);
    const summary = await summarizer.summarize(text, LANGUAGES[from], LANGUAGES[to], fakeTranslate);
    const headings = Object.values(HEADINGS[to]).map((heading) => `${heading}:`);
    for (const heading of headingsOf(summary)) expect(headings).toContain(heading);
    expect(headingsOf(summary)).toContain(`${HEADINGS[to].medications}:`);
    // Nothing invented: each bullet is the translation of a piece of the input.
    const prefix = prefixOf(LANGUAGES[to].code);
    for (const bullet of bullets(summary)) {
      expect(bullet.startsWith(prefix)).toBe(true);
      expect(text).toContain(bullet.slice(prefix.length));
    }
  });

  it('translates the English headings for a target without a table', async () => {
    const summary = await summarizer.summarize(
      'Allergies: NKDA.',
      LANGUAGES.en,
      LANGUAGES.nl,
      fakeTranslate,
    );
    expect(summary).toBe('[nl] Allergies:\n- [nl] NKDA');
  });

  it('translates with the catalog codes of both languages', async () => {
    const calls: string[] = [];
    const spy: TranslateFn = (text, source, target) => {
      calls.push(`${source}>${target}`);
      return Promise.resolve(text);
    };
    await summarizer.summarize('Alergias: NAMC.', LANGUAGES.es, LANGUAGES.fr, spy);
    expect(calls).toEqual(['spa_Latn>fra_Latn']);
  });

  it('handles a 2000-word input', async () => {
    let text = '';
    const names = Object.keys(expectations);
    for (let i = 0; text.split(/\s+/).length < 2000; i++)
      text += fixture(names[i % names.length]) + '\n';
    const summary = await summarizer.summarize(text, LANGUAGES.en, LANGUAGES.en, noTranslate);
    expect(summary).toContain('metformin 500 mg twice daily');
  });
});

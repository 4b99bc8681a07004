import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasDose, summarize } from './extractive-summarizer.js';
import { splitSentences } from './sentences.js';

const FIXTURES = join(import.meta.dirname, '../../../../test/fixtures/llm/summary');

interface Expectation {
  language: string;
  keySentences: string[];
  doses: string[];
}
const expectations = JSON.parse(
  readFileSync(join(FIXTURES, 'expectations.json'), 'utf8'),
) as Record<string, Expectation>;
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

describe('extractive summarize', () => {
  describe.each(Object.entries(expectations))('%s', (name, expected) => {
    const text = fixture(name);
    const summary = summarize(text, { language: expected.language });

    it('is shorter than the input', () => {
      expect(summary.length).toBeLessThan(text.length * 0.75);
    });

    it('keeps the key sentences verbatim', () => {
      for (const sentence of expected.keySentences) expect(summary).toContain(sentence);
    });

    it('keeps every dose of the input exactly', () => {
      for (const dose of expected.doses) expect(summary).toContain(dose);
      for (const { text: sentence } of splitSentences(text)) {
        if (hasDose(sentence)) expect(summary).toContain(sentence);
      }
    });

    it('is made only of sentences of the input, in their order', () => {
      const sentences = splitSentences(summary).map(({ text: s }) => s);
      let from = 0;
      for (const sentence of sentences) {
        const at = text.indexOf(sentence, from);
        expect(at).toBeGreaterThanOrEqual(from);
        from = at + sentence.length;
      }
    });
  });

  it('returns texts of at most two sentences unchanged', () => {
    expect(summarize('Fever.', { language: 'en' })).toBe('Fever.');
    const two = 'Le patient a de la fièvre.  Pas de toux.';
    expect(summarize(two, { language: 'fr' })).toBe(two);
  });

  it('picks about 30 % of the sentences when none holds a dose', () => {
    const text = Array.from({ length: 10 }, (_, i) => `Sentence number ${'x'.repeat(i + 1)} here.`)
      .join(' ')
      .replace(/number/g, 'about');
    const summary = summarize(text, { language: 'en' });
    expect(splitSentences(summary)).toHaveLength(3);
    expect(summary.startsWith('Sentence about x here.')).toBe(true);
  });

  it('keeps a dose sentence even when it scores low', () => {
    const filler = Array.from({ length: 12 }, (_, i) => `Routine remark ${'ab'.repeat(i + 1)}.`);
    filler.splice(7, 0, 'Also gave 2.5 mg.');
    const summary = summarize(filler.join(' '), { language: 'en', ratio: 0.1, maxSentences: 1 });
    expect(summary).toContain('Also gave 2.5 mg.');
  });

  it('works with position and numbers only for other languages', () => {
    const text = [
      'Der Patient kommt wegen Husten.',
      'Er schläft schlecht.',
      'Er arbeitet viel.',
      'Er nimmt Ibuprofen 400 mg.',
      'Die Familie ist besorgt.',
      'Er wohnt in Berlin.',
    ].join(' ');
    const summary = summarize(text, { language: 'de' });
    expect(summary).toContain('Der Patient kommt wegen Husten.');
    expect(summary).toContain('Er nimmt Ibuprofen 400 mg.');
    expect(summary.length).toBeLessThan(text.length);
  });

  it('accepts catalog-style codes (fr-FR, spa_Latn)', () => {
    const text = fixture('es-disnea.txt');
    expect(summarize(text, { language: 'spa_Latn' })).toBe(summarize(text, { language: 'es' }));
  });

  it('summarizes a 2000-word note', () => {
    const names = Object.keys(expectations);
    let text = '';
    for (let i = 0; text.split(/\s+/).length < 2000; i++)
      text += fixture(names[i % names.length]) + '\n';
    const summary = summarize(text, { language: 'en' });
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.length).toBeLessThan(text.length);
    expect(summary).toContain('aspirin 300 mg');
  });
});

describe('hasDose', () => {
  it('finds numbers with units or frequencies, not bare numbers', () => {
    expect(hasDose('metformin 500 mg')).toBe(true);
    expect(hasDose('2 x/day')).toBe(true);
    expect(hasDose('fièvre à 39,2 °C')).toBe(true);
    expect(hasDose('age 45, seen in 2019')).toBe(false);
    expect(hasDose('1 to 2 times')).toBe(false);
  });
});

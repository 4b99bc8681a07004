import { describe, expect, it } from '@jest/globals';
import { restoreTerms, withPlaceholders } from './term-placeholders.js';
import type { FixedTerm } from './translation-engine.js';

const TEXT = 'The ward called: chest pain on the ward.';
/** `ward`, `chest`, `ward` of TEXT, with their Spanish glossary forms. */
const TERMS: FixedTerm[] = [
  [4, 8, 'planta'],
  [17, 22, 'tórax'],
  [35, 39, 'planta'],
].map(([start, end, replacement]) => ({
  start: start as number,
  end: end as number,
  replacement: replacement as string,
  source: 'glossary',
  origin: 'glossary.tsv:2',
}));

describe('term placeholders', () => {
  it('replaces each term span by a numbered placeholder', () => {
    expect(withPlaceholders(TEXT, TERMS)).toBe('The XQZ1 called: XQZ2 pain on the XQZ3.');
  });

  it('writes the target forms back where the placeholders came out', () => {
    const translated = 'Llamó la XQZ1: dolor de XQZ2 en la XQZ3.';
    expect(restoreTerms(translated, TERMS)).toBe('Llamó la planta: dolor de tórax en la planta.');
  });

  it('accepts a placeholder re-cased or split before its digits, and in another order', () => {
    expect(restoreTerms('xqz3, XQZ 2 y Xqz1', TERMS)).toBe('planta, tórax y planta');
  });

  it.each([
    ['lost', 'Llamó la XQZ1: dolor de pecho en la XQZ3.'],
    ['repeated', 'XQZ1 XQZ1 XQZ2 XQZ3'],
    ['mangled', 'XQZ1 X-QZ2 XQZ3'],
    ['renumbered', 'XQZ1 XQZ2 XQZ4'],
    ['merged with a number', 'XQZ1 XQZ23'],
    ['left half', 'XQZ1 XQZ2 XQZ3 XQZ'],
  ])('gives up when a placeholder was %s', (_what, translated) => {
    expect(restoreTerms(translated, TERMS)).toBeUndefined();
  });

  it('does not protect a text that already holds the placeholder prefix', () => {
    expect(withPlaceholders('Code xqz9 on the ward', [{ ...TERMS[0], start: 17, end: 21 }])).toBe(
      undefined,
    );
  });
});

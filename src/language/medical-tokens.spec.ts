import { describe, expect, it } from '@jest/globals';
import { missingNumbers, protectedSpans } from './medical-tokens.js';

const spansOf = (text: string) =>
  protectedSpans(text).map(({ start, end }) => text.slice(start, end));

describe('protectedSpans', () => {
  it.each([
    ['Take 500 mg of paracetamol.', ['500 mg']],
    ['Fever of 39.5 °C since Monday.', ['39.5 °C']],
    ['Ibuprofen 400mg 3x/day', ['400mg', '3x/day']],
    ['2 x/day for 7 days', ['2 x/day', '7']],
    ['1-2 tablets, 12.5 mL, 5 mg/kg', ['1-2', '12.5 mL', '5 mg/kg']],
    ['BP 140/90 mmHg, SpO2 94 %', ['140/90 mmHg', '94 %']],
    ['glucose 5,6 mmol/L', ['5,6 mmol/L']],
  ])('finds the numeric spans of %j', (text, expected) => {
    expect(spansOf(text)).toEqual(expected);
  });

  it('keeps a unit only when it is a whole word', () => {
    expect(spansOf('3 months, 2 grams')).toEqual(['3', '2']);
  });

  it('finds nothing in text without digits', () => {
    expect(protectedSpans('The patient has no fever.')).toEqual([]);
  });
});

describe('missingNumbers', () => {
  it('accepts a translation that keeps every number', () => {
    expect(missingNumbers('Take 500 mg 2 x/day.', 'Tome 500 mg 2 x/day.')).toEqual([]);
  });

  it('reports a changed decimal separator and a dropped number', () => {
    expect(missingNumbers('39.5 °C, 3 doses', 'Fiebre de 39,5 °C')).toEqual(['39.5', '3']);
  });

  it('counts repeated numbers', () => {
    expect(missingNumbers('5 mg then 5 mg', 'Tome 5 mg')).toEqual(['5']);
  });
});

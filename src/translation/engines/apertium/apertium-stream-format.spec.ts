import { describe, expect, it } from '@jest/globals';
import { protectedSpans } from '../../../language/medical-tokens.js';
import {
  fromApertiumStream,
  stripMarkers,
  toApertiumStream,
  unknownWords,
} from './apertium-stream-format.js';

const encode = (text: string) => toApertiumStream(text, protectedSpans(text));

describe('Apertium stream format', () => {
  it('escapes reserved characters and ends the text as a sentence', () => {
    expect(encode('a [b] ^c$ <d> {e} /f\\')).toBe('a \\[b\\] \\^c\\$ \\<d\\> \\{e\\} \\/f\\\\.[]');
  });

  it('wraps doses and markers in superblanks', () => {
    expect(encode('Take 500 mg #1 *now*')).toBe('Take [500 mg] [#][1] [*]now[*].[]');
  });

  it('turns line breaks into sentence-ending superblanks', () => {
    expect(encode('One.\n\nTwo')).toBe('One..[][\n\n]Two.[]');
  });

  it('round-trips text through encode and decode', () => {
    const text = 'Take 500 mg 2 x/day [if needed] #1 *now* a@b.c\n\nSecond paragraph: 39.5 °C.';
    expect(fromApertiumStream(encode(text))).toBe(text);
  });

  it('removes unknown-word markers but not protected characters', () => {
    expect(stripMarkers('*hypokalemic y #ir [*]x[#]1 @casa \\@')).toBe(
      'hypokalemic y ir [*]x[#]1 casa \\@',
    );
  });

  it('drops the leading space a dropped pronoun leaves', () => {
    expect(fromApertiumStream(' Tengo fiebre..[][\n\n] Tomo [500 mg]..[]')).toBe(
      'Tengo fiebre.\n\nTomo 500 mg.',
    );
  });

  it('finds the words Apertium marked untranslated, not those in superblanks or escaped', () => {
    const stream = 'Tiene que quedar a *jeun, @duele y #tener [*500 mg] \\*no [FORMAL]*Sra.[]';
    expect(unknownWords(stream)).toEqual(['jeun', 'duele', 'Sra']);
  });

  it("keeps a marked word's apostrophes and hyphens", () => {
    expect(unknownWords("*aujourd'hui et *anti-inflammatoire.")).toEqual([
      "aujourd'hui",
      'anti-inflammatoire',
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  LEXICON_MODES,
  parseAdjectives,
  parseLexicon,
  parseVerbs,
} from '../../../../scripts/apertium-lexicon.mjs';
import { APERTIUM_MODES } from './apertium-modes.js';
import { ClinicalLexicon } from './clinical-lexicon.js';

const LEXICON = new URL('./lexicon/clinical-nouns.tsv', import.meta.url);
const ADJECTIVES = new URL('./lexicon/clinical-adjectives.tsv', import.meta.url);
const VERBS = new URL('./lexicon/clinical-verbs.tsv', import.meta.url);

describe('ClinicalLexicon', () => {
  const dir = new URL('file:///srv/app/build/apertium/');
  const lexicon = new ClinicalLexicon(
    {
      'es-fr': {
        replaced: {
          '/usr/share/apertium/apertium-fr-es/es-fr.autobil.bin': 'es-fr/autobil.bin',
        },
      },
      'spa-eng': { replaced: {} },
    },
    dir,
  );

  it("points a mode's pipeline at the extended files, and leaves the others alone", () => {
    const command =
      "lt-proc '/usr/share/apertium/apertium-fr-es/es-fr.automorf.bin' | lt-proc -b '/usr/share/apertium/apertium-fr-es/es-fr.autobil.bin'";
    expect(lexicon.apply('es-fr', command)).toBe(
      "lt-proc '/usr/share/apertium/apertium-fr-es/es-fr.automorf.bin' | lt-proc -b '/srv/app/build/apertium/es-fr/autobil.bin'",
    );
    expect(lexicon.apply('eng-spa', command)).toBe(command);
    expect(lexicon.modes).toEqual(['es-fr']);
  });

  it('is empty when the set-up has not built it', () => {
    const missing = ClinicalLexicon.load(new URL('file:///nonexistent/'));
    expect(missing.modes).toEqual([]);
    expect(missing.apply('es-fr', "lt-proc 'x.bin'")).toBe("lt-proc 'x.bin'");
  });
});

describe('the clinical lexicon (lexicon/clinical-nouns.tsv)', () => {
  it('parses: every noun in the five languages, with gender and plural', () => {
    const rows = parseLexicon(readFileSync(LEXICON, 'utf8'));
    expect(rows.length).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.concept)).size).toBe(rows.length);
  });

  it('refuses a row it cannot compile, naming the line', () => {
    const header = 'concept\ten\tes\tfr\tpt\tit';
    const row = 'x\tx;;xs\tx;m;xs\tx;m;xs\tx;m;xs\tx;n;xs';
    expect(() => parseLexicon(`${header}\n${row}`, 'l.tsv')).toThrow('l.tsv:2: it gender');
    expect(() => parseLexicon(`${header}\nx\tx;;xs`, 'l.tsv')).toThrow('l.tsv:2: expected 6');
  });

  it('parses the adjectives: one English form, four in es/fr/pt/it', () => {
    const rows = parseAdjectives(readFileSync(ADJECTIVES, 'utf8'));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.find((r) => r.concept === 'numb')?.fr).toEqual({
      lemma: 'engourdi',
      feminine: 'engourdie',
      plural: 'engourdis',
      femininePlural: 'engourdies',
    });
    const header = 'concept\ten\tes\tfr\tpt\tit';
    expect(() =>
      parseAdjectives(`${header}\nx\tx\ta;b;c\ta;b;c;d\ta;b;c;d\ta;b;c;d`, 'a.tsv'),
    ).toThrow('a.tsv:2: es cell must be masculine;feminine;masculine plural;feminine plural');
  });

  it('parses the verbs: one infinitive per language', () => {
    const rows = parseVerbs(readFileSync(VERBS, 'utf8'));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.find((r) => r.concept === 'cough')?.fr).toEqual({ lemma: 'tousser' });
    expect(new Set(rows.map((r) => r.concept)).size).toBe(rows.length);
  });

  it('is compiled into every mode the engine runs', () => {
    expect(Object.keys(LEXICON_MODES).sort()).toEqual(APERTIUM_MODES.map((m) => m.mode).sort());
  });
});

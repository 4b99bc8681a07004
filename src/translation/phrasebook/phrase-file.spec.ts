import { describe, expect, it } from '@jest/globals';
import { PhrasebookError } from './phrasebook-error.js';
import { fixturePhrasebook } from '../../../test/support/phrasebook.fixture.js';

/** The error a hospital's file gets, as "file:line: problem". */
function errorOf(overlay: string): string {
  try {
    fixturePhrasebook(overlay);
  } catch (error) {
    if (error instanceof PhrasebookError) return error.message;
    throw error;
  }
  return 'no error';
}

describe("a hospital's phrasebook file (PHRASEBOOK_FILE)", () => {
  it('adds a phrase, replaces a translation, and says who reviewed it', () => {
    const phrasebook = fixturePhrasebook(`phrases:
  - id: pain.where
    reviewed_by: "A. Rossi, certified medical interpreter, 2026-11"
    es: "¿Dónde siente dolor?"
  - id: hospital.wristband
    reviewed_by: "A. Rossi, certified medical interpreter, 2026-11"
    en: "Please keep your wristband on."
    es: "Por favor, no se quite la pulsera."
    fr: "Gardez votre bracelet, s'il vous plaît."
    pt-BR: "Por favor, não tire a pulseira."
    it: "Per favore, tenga il braccialetto."
`);
    const where = phrasebook.match('Where does it hurt?', 'en');
    expect(where.matched && phrasebook.render(where.match, 'es', undefined)).toBe(
      '¿Dónde siente dolor?',
    );
    expect(where.matched && where.match.entry.reviewedBy).toBe(
      'A. Rossi, certified medical interpreter, 2026-11',
    );
    const wristband = phrasebook.match('please keep your wristband on', 'en');
    expect(wristband.matched && wristband.match.entry.id).toBe('hospital.wristband');
    // An entry it does not touch stays the project's, unreviewed.
    const tired = phrasebook.match('Are you tired?', 'en');
    expect(tired.matched && tired.match.entry.reviewedBy).toBeUndefined();
  });

  it('names the file and the line of a new phrase that misses a language', () => {
    expect(
      errorOf(`phrases:
  - id: hospital.wristband
    en: "Please keep your wristband on."
    es: "Por favor, no se quite la pulsera."
`),
    ).toBe(
      'hospital-phrases.yaml:2: hospital.wristband: no text in fr, pt-BR, it (every phrase is written in en, es, fr, pt-BR, it).',
    );
  });

  it('names the line of a text whose variables do not match the other languages', () => {
    expect(
      errorOf(`phrases:
  - id: pain.body-part
    es: "¿Le duele?"
`),
    ).toMatch(
      /^hospital-phrases\.yaml:2: pain\.body-part: es "¿Le duele\?" carries variables none, the English text body_part\./,
    );
  });

  it('names the line of an unknown variable, an empty text, an unknown key and broken YAML', () => {
    expect(
      errorOf(`phrases:
  - id: pain.where
    es: "¿Dónde le duele $organ?"
`),
    ).toBe(
      'hospital-phrases.yaml:3: pain.where: unknown variable $organ in "¿Dónde le duele $organ?"',
    );
    expect(
      errorOf(`phrases:
  - id: pain.where

    fr: ""
`),
    ).toBe('hospital-phrases.yaml:4: pain.where: fr must be a non-empty text.');
    expect(
      errorOf(`phrases:
  - id: pain.where
    translations: "x"
`),
    ).toMatch(/^hospital-phrases\.yaml:3: unknown key "translations"/);
    expect(errorOf(`phrases:\n  - id: pain.where\n    es: "unclosed\n`)).toMatch(
      /^hospital-phrases\.yaml:\d+: not valid YAML/,
    );
  });

  it('refuses a phrase that says the same words as another: neither could be matched', () => {
    expect(
      errorOf(`phrases:
  - id: hospital.where
    en: "Where is the pain?"
    es: "¿Dónde está el dolor?"
    fr: "Où est la douleur ?"
    pt-BR: "Onde fica a dor?"
    it: "Dov'è il dolore?"
`),
    ).toMatch(/^hospital-phrases\.yaml:2: .*says the same words as/);
  });

  it('refuses a wording that says nothing but its variables, which any sentence naming one would match', () => {
    expect(
      errorOf(`phrases:
  - id: hospital.arm-fine
    en: "Your $body_part is fine."
    es: "$body_part.the está bien."
    fr: "$body_part.the va bien."
    pt-BR: "$body_part.the está bem."
    it: "$body_part.the sta bene."
`),
    ).toMatch(
      /^hospital-phrases\.yaml:2: hospital\.arm-fine: pt-BR .*says nothing but its variables/,
    );
  });

  it('refuses a duplicate id within the file', () => {
    expect(
      errorOf(`phrases:
  - id: pain.where
    es: "¿Dónde siente dolor?"
  - id: pain.where
    fr: "Où sentez-vous la douleur ?"
`),
    ).toBe('hospital-phrases.yaml:4: duplicate id "pain.where" (also at line 2).');
  });
});

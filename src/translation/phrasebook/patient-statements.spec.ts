import { describe, expect, it } from '@jest/globals';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { Phrasebook } from './phrasebook.js';
import { PhrasebookService } from './phrasebook.service.js';

const catalog = new LanguageCatalog();
const language = (code: string) => {
  const found = catalog.normalize(code);
  if (!found.ok) throw new Error(code);
  return found.language as CatalogLanguage;
};

/** What patients say (data/patient/, issue 33): the same checks and matcher as the clinician's. */
describe('the patient statements', () => {
  const phrasebook = Phrasebook.patientStatements();
  const statements = new PhrasebookService(phrasebook);
  const understood = (text: string, from: string) =>
    statements.translate(text, language(from), language('en'), 'male');

  it('pass the phrasebook consistency check, in every domain file', () => {
    expect(phrasebook.problems()).toEqual([]);
    expect(phrasebook.entries.size).toBeGreaterThanOrEqual(60);
    expect([...phrasebook.entries.keys()].every((id) => id.startsWith('patient.'))).toBe(true);
  });

  it.each([
    ['es', 'Soy alérgico a la penicilina', 'patient.allergic-to-drug'],
    ['pt', 'tô com febre', 'patient.have-symptom'],
    ['fr', "J'ai besoin d'aller aux toilettes.", 'patient.need-toilet'],
    ['it', 'Sono allergico alla penicillina.', 'patient.allergic-to-drug'],
  ])('%s "%s" is %s', (from, text, id) => {
    expect(understood(text, from)?.phraseId).toBe(id);
  });

  it.each([
    // another person, "no longer", a question, a hedge
    ['es', 'Mi hijo es alérgico a la penicilina.'],
    ['fr', 'Je ne suis plus allergique à la pénicilline.'],
    ['it', 'Sono allergico alla penicillina?'],
    ['pt', 'Acho que sou alérgico à penicilina.'],
  ])('%s "%s" is no statement', (from, text) => {
    expect(understood(text, from)).toBeUndefined();
  });
});

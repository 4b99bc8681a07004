import { describe, expect, it } from '@jest/globals';
import { AppConfig } from '../config/app-config.js';
import type { CatalogLanguage } from '../language/catalog/catalog-language.js';
import { LanguageCatalog } from '../language/catalog/language-catalog.js';
import type { TranslationEngine } from './engines/translation-engine.js';
import { Phrasebook } from './phrasebook/phrasebook.js';
import { PhrasebookService } from './phrasebook/phrasebook.service.js';
import { ClinicalTerminology } from './terminology/clinical-terminology.js';
import { TranslationService } from './translation.service.js';
import { SpecialistVocabulary } from './untranslated/specialist-vocabulary.js';

const catalog = new LanguageCatalog();
const language = (code: string) => {
  const found = catalog.normalize(code);
  if (!found.ok) throw new Error(code);
  return found.language as CatalogLanguage;
};

/** An engine that says it was asked: what is not a phrase reaches it. */
const engine: TranslationEngine = {
  name: 'stub',
  availableCodes: () =>
    Promise.resolve(new Set(['eng_Latn', 'spa_Latn', 'fra_Latn', 'por_Latn', 'ita_Latn'])),
  translate: ({ text }) => Promise.resolve(`MACHINE(${text})`),
};

const service = (patientStatements?: PhrasebookService) =>
  new TranslationService(
    engine,
    catalog,
    new AppConfig(),
    new ClinicalTerminology([]),
    new SpecialistVocabulary(() => new Set()),
    new PhrasebookService(Phrasebook.cached()),
    patientStatements,
  );

describe('TranslationService.translateSentence, what a patient says (issue 33)', () => {
  const withStatements = service(new PhrasebookService(Phrasebook.patientStatements()));
  const say = (text: string, from: string, speaker: 'patient' | 'medic' = 'patient') =>
    withStatements.translateSentence(text, language(from), language('en'), {
      speaker,
      speakerGender: 'female',
    });

  it("answers a patient's statement written in advance with its text in the listener's language", async () => {
    const said = await say('Soy alérgica a la penicilina.', 'es');
    expect(said.origin).toBe('phrasebook');
    expect(said.phrase?.phraseId).toBe('patient.allergic-to-drug');
    expect(said.text).toMatch(/^I am allergic to penicillin\.?$/);
    expect(said.phrase?.understoodAs).toMatch(/alérgica a la penicilina/);
  });

  it('leaves to the engine what no statement says whole, and what a clinician says', async () => {
    for (const text of [
      'Mi hijo es alérgico a la penicilina.',
      'No sé si soy alérgica a la penicilina.',
      '¿Es alérgica a la penicilina?',
    ]) {
      expect((await say(text, 'es')).origin).toBe('machine');
    }
    expect((await say('Soy alérgica a la penicilina.', 'es', 'medic')).origin).toBe('machine');
  });

  it('has no statements when none are given', async () => {
    const said = await service().translateSentence(
      'Soy alérgica a la penicilina.',
      language('es'),
      language('en'),
      { speaker: 'patient' },
    );
    expect(said).toEqual(expect.objectContaining({ origin: 'machine' }));
  });
});

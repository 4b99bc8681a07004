import 'reflect-metadata';
import { AppConfig } from '../../src/config/app-config.js';
import type { CatalogLanguage } from '../../src/language/catalog/catalog-language.js';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { ApertiumEngine } from '../../src/translation/engines/apertium/apertium.engine.js';
import { ClinicalLexicon } from '../../src/translation/engines/apertium/clinical-lexicon.js';
import { PairRules } from '../../src/translation/engines/apertium/pair-rules.js';
import type { PartyGenders } from '../../src/translation/engines/translation-engine.js';
import { ClinicalTerminology } from '../../src/translation/terminology/clinical-terminology.js';
import { TranslationService } from '../../src/translation/translation.service.js';
import { SpecialistVocabulary } from '../../src/translation/untranslated/specialist-vocabulary.js';
import type { DevsetEntry, DevsetLanguage } from './devset.js';
import { Phrasebook } from '../../src/translation/phrasebook/phrasebook.js';
import { PhrasebookService } from '../../src/translation/phrasebook/phrasebook.service.js';

const DATA_DIR = process.env.APERTIUM_DATA_DIR ?? '/usr/share/apertium';

/** The embedded engine behind the service's TranslationService, as the REST API and sessions use it. */
export interface EmbeddedTranslation {
  readonly engine: ApertiumEngine;
  readonly catalog: LanguageCatalog;
  readonly service: TranslationService;
  language(key: DevsetLanguage): CatalogLanguage;
  stop(): void;
}

/**
 * Starts Apertium and wraps it in the TranslationService (terminology, number check, untranslated
 * words). LEXICON=off leaves out the clinical lexicon, RULES=off the pairs' added rules (rules/), RULES_WITHOUT=disambiguation,… some kinds of them, TERMINOLOGY=off the clinical terms table.
 */
export async function startEmbeddedTranslation(): Promise<EmbeddedTranslation> {
  const engine = new ApertiumEngine(
    DATA_DIR,
    process.env.LEXICON === 'off' ? new ClinicalLexicon({}) : ClinicalLexicon.load(),
    process.env.RULES === 'off'
      ? new PairRules()
      : PairRules.load().without((process.env.RULES_WITHOUT ?? '').split(',')),
  );
  await engine.onModuleInit();
  const catalog = new LanguageCatalog();
  const service = new TranslationService(
    engine,
    catalog,
    new AppConfig(),
    process.env.TERMINOLOGY === 'off' ? new ClinicalTerminology([]) : ClinicalTerminology.builtIn(),
    SpecialistVocabulary.fromDebian(),
    new PhrasebookService(Phrasebook.cached()),
    process.env.PATIENT_STATEMENTS === 'off'
      ? undefined
      : new PhrasebookService(Phrasebook.patientStatements()),
  );
  return {
    engine,
    catalog,
    service,
    language(key) {
      const found = catalog.normalize(key);
      if (!found.ok) throw new Error(`no catalog language for ${key}`);
      return found.language;
    },
    stop: () => engine.onModuleDestroy(),
  };
}

/** The patient's gender, as a session's handshake gives it: "I" or "you" by who speaks. */
export function entryGenders(entry: DevsetEntry): PartyGenders {
  const gender = entry.patient_gender;
  return entry.speaker === 'patient' ? { speakerGender: gender } : { addresseeGender: gender };
}

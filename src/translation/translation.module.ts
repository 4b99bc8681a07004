import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { LanguageModule } from '../language/language.module.js';
import { translationEngineProvider } from './engines/translation-engine.provider.js';
import { TranslationController } from './translation.controller.js';
import { PATIENT_STATEMENTS, TranslationService } from './translation.service.js';
import { ClinicalTerminology } from './terminology/clinical-terminology.js';
import { SpecialistVocabulary } from './untranslated/specialist-vocabulary.js';
import { Phrasebook } from './phrasebook/phrasebook.js';
import { loadPhrasebook } from './phrasebook/load-phrasebook.js';
import { PhrasebookService } from './phrasebook/phrasebook.service.js';

@Module({
  imports: [LanguageModule],
  controllers: [TranslationController],
  providers: [
    {
      provide: ClinicalTerminology,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClinicalTerminology.builtIn(config.glossaryRows),
    },
    { provide: SpecialistVocabulary, useFactory: () => SpecialistVocabulary.fromDebian() },
    {
      provide: Phrasebook,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => loadPhrasebook(config.PHRASEBOOK_FILE),
    },
    PhrasebookService,
    {
      provide: PATIENT_STATEMENTS,
      useFactory: () => new PhrasebookService(Phrasebook.patientStatements()),
    },
    translationEngineProvider,
    TranslationService,
  ],
  exports: [TranslationService],
})
export class TranslationModule {}

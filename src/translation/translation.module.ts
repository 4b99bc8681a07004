import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { LanguageCatalog } from './catalog/language-catalog.js';
import { translationEngineProvider } from './engines/translation-engine.provider.js';
import { TranslationController } from './translation.controller.js';
import { TranslationService } from './translation.service.js';
import { ClinicalTerminology } from './terminology/clinical-terminology.js';
import { SpecialistVocabulary } from './untranslated/specialist-vocabulary.js';

@Module({
  controllers: [TranslationController],
  providers: [
    LanguageCatalog,
    {
      provide: ClinicalTerminology,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClinicalTerminology.builtIn(config.glossaryRows),
    },
    { provide: SpecialistVocabulary, useFactory: () => SpecialistVocabulary.fromDebian() },
    translationEngineProvider,
    TranslationService,
  ],
  exports: [LanguageCatalog, TranslationService, ClinicalTerminology],
})
export class TranslationModule {}

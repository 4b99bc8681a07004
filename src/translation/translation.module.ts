import { Module } from '@nestjs/common';
import { LanguageCatalog } from './catalog/language-catalog.js';
import { translationEngineProvider } from './engines/translation-engine.provider.js';
import { TranslationController } from './translation.controller.js';
import { TranslationService } from './translation.service.js';
import { ClinicalTerminology } from './terminology/clinical-terminology.js';

@Module({
  controllers: [TranslationController],
  providers: [
    LanguageCatalog,
    { provide: ClinicalTerminology, useFactory: () => ClinicalTerminology.builtIn() },
    translationEngineProvider,
    TranslationService,
  ],
  exports: [LanguageCatalog, TranslationService],
})
export class TranslationModule {}

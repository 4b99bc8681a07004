import { Module } from '@nestjs/common';
import { LanguageCatalog } from './catalog/language-catalog.js';
import { translationEngineProvider } from './engines/translation-engine.provider.js';
import { TranslationController } from './translation.controller.js';
import { TranslationService } from './translation.service.js';

@Module({
  controllers: [TranslationController],
  providers: [LanguageCatalog, translationEngineProvider, TranslationService],
  exports: [LanguageCatalog, TranslationService],
})
export class TranslationModule {}

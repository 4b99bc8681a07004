import { Module } from '@nestjs/common';
import { TranslationModule } from '../../translation/translation.module.js';
import { LanguageIdentifier } from './language-identifier.js';

/** Language identification from text (fastText lid.176), for every module that needs it. */
@Module({
  imports: [TranslationModule],
  providers: [LanguageIdentifier],
  exports: [LanguageIdentifier],
})
export class LanguageIdModule {}

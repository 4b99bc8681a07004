import { Module } from '@nestjs/common';
import { LanguageModule } from '../language.module.js';
import { LanguageIdentifier } from './language-identifier.js';

/**
 * Language identification from text (fastText lid.176), for every module that needs it. Apart
 * from LanguageModule because it loads its models at start, which modules that only need the
 * catalog should not pay for.
 */
@Module({
  imports: [LanguageModule],
  providers: [LanguageIdentifier],
  exports: [LanguageIdentifier],
})
export class LanguageIdModule {}

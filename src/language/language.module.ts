import { Module } from '@nestjs/common';
import { LanguageCatalog } from './catalog/language-catalog.js';

/**
 * The language kernel: the catalog and its normalizer, for every capability that names a
 * language. A leaf: it imports no feature module, so any of them can import it.
 */
@Module({
  providers: [LanguageCatalog],
  exports: [LanguageCatalog],
})
export class LanguageModule {}

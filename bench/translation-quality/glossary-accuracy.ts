import { readFileSync } from 'node:fs';
import { AppConfig } from '../../src/config/app-config.js';
import type { CatalogLanguage } from '../../src/language/catalog/catalog-language.js';
import type { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { writesTerm } from '../../src/translation/engines/glossary-terms.js';
import type { TranslationEngine } from '../../src/translation/engines/translation-engine.js';
import { TranslationService } from '../../src/translation/translation.service.js';
import { ClinicalTerminology } from '../../src/translation/terminology/clinical-terminology.js';
import { parseTermTable } from '../../src/config/term-table.js';
import { SpecialistVocabulary } from '../../src/translation/untranslated/specialist-vocabulary.js';
import { DEVSET_LANGUAGES, type DevsetEntry, type DevsetLanguage } from './devset.js';
import { Phrasebook } from '../../src/translation/phrasebook/phrasebook.js';
import { PhrasebookService } from '../../src/translation/phrasebook/phrasebook.service.js';

export interface GlossaryAccuracy {
  readonly file: string;
  /** Glossary terms found in the sources, over all directions. */
  readonly terms: number;
  /** Of those, the translations that wrote the glossary's form. */
  readonly written: number;
  /** The same without the glossary: how often the engine writes the hospital's term anyway. */
  readonly writtenWithout: number;
}

/**
 * How often a hospital's glossary term comes out as the glossary writes it: every sentence of
 * the development set, in every direction, with `file` as GLOSSARY_FILE, through the service.
 */
export async function glossaryAccuracy(
  file: string,
  engine: TranslationEngine,
  catalog: LanguageCatalog,
  entries: readonly DevsetEntry[],
  language: (key: DevsetLanguage) => CatalogLanguage,
): Promise<GlossaryAccuracy> {
  const rows = parseTermTable(readFileSync(file, 'utf8'), file);
  const terminology = ClinicalTerminology.builtIn(rows);
  const service = (table: ClinicalTerminology) =>
    new TranslationService(
      engine,
      catalog,
      new AppConfig(),
      table,
      SpecialistVocabulary.fromDebian(),
      new PhrasebookService(Phrasebook.cached()),
    );
  const withGlossary = service(terminology);
  const without = service(ClinicalTerminology.builtIn());
  let terms = 0;
  let written = 0;
  let writtenWithout = 0;
  for (const from of DEVSET_LANGUAGES) {
    for (const to of DEVSET_LANGUAGES) {
      if (from === to) continue;
      for (const entry of entries) {
        const source = entry[from].text;
        const glossary = terminology
          .find(source, language(from), language(to))
          .filter((term) => term.source === 'glossary');
        if (glossary.length === 0) continue;
        const translate = (translation: TranslationService) =>
          translation.translateText(source, language(from), language(to)).catch(() => '');
        const output = await translate(withGlossary);
        const plain = await translate(without);
        terms += glossary.length;
        written += glossary.filter((term) => writesTerm(output, term)).length;
        writtenWithout += glossary.filter((term) => writesTerm(plain, term)).length;
      }
    }
  }
  return { file, terms, written, writtenWithout };
}

import 'reflect-metadata';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../../src/language/catalog/catalog-language.js';
import { ApertiumEngine } from '../../src/translation/engines/apertium/apertium.engine.js';
import { protectedSpans } from '../../src/language/medical-tokens.js';
import { ClinicalTerminology } from '../../src/translation/terminology/clinical-terminology.js';
import type { DevsetLanguage } from '../translation-quality/devset.js';

const DATA_DIR = process.env.APERTIUM_DATA_DIR ?? '/usr/share/apertium';

/**
 * The embedded engine with the built-in clinical terminology, as TranslationService drives it, but
 * without withholding a translation that changed a number: a candidate whose number was changed
 * on purpose must still get its back-translation. Results are cached by direction and text.
 */
export class EmbeddedTranslator {
  readonly terminology = ClinicalTerminology.builtIn();
  private readonly catalog = new LanguageCatalog();
  private readonly cache = new Map<string, Promise<string>>();

  private constructor(private readonly engine: ApertiumEngine) {}

  static async start(): Promise<EmbeddedTranslator> {
    const engine = new ApertiumEngine(DATA_DIR);
    await engine.onModuleInit();
    return new EmbeddedTranslator(engine);
  }

  language(key: DevsetLanguage): CatalogLanguage {
    const found = this.catalog.normalize(key);
    if (!found.ok) throw new Error(`no catalog language for ${key}`);
    return found.language;
  }

  translate(text: string, from: DevsetLanguage, to: DevsetLanguage): Promise<string> {
    const key = `${from}>${to}|${text}`;
    let translated = this.cache.get(key);
    if (!translated) {
      const source = this.language(from);
      const target = this.language(to);
      const fixedTerms = this.terminology.find(text, source, target, protectedSpans(text));
      translated = this.engine.translate(
        { text, source, target, fixedTerms },
        new AbortController().signal,
      );
      this.cache.set(key, translated);
    }
    return translated;
  }

  stop(): void {
    this.engine.onModuleDestroy();
  }
}

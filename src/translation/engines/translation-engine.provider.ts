import { Provider } from '@nestjs/common';
import { AppConfig, TranslationEngineName } from '../../config/app-config.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { ApertiumEngine } from './apertium/apertium.engine.js';
import { LibreTranslateEngine } from './libretranslate.engine.js';
import { OpenAiTranslationEngine } from './openai-translation.engine.js';
import { TRANSLATION_ENGINE, TranslationEngine } from './translation-engine.js';

/** Chooses the translation adapter from TRANSLATION_ENGINE (the config has checked its settings). */
export const translationEngineProvider: Provider = {
  provide: TRANSLATION_ENGINE,
  inject: [AppConfig, LanguageCatalog],
  useFactory: (config: AppConfig, catalog: LanguageCatalog): TranslationEngine => {
    const timeoutMs = config.TRANSLATION_TIMEOUT_MS;
    switch (config.TRANSLATION_ENGINE) {
      case TranslationEngineName.LibreTranslate:
        return new LibreTranslateEngine(
          { baseUrl: config.LIBRETRANSLATE_URL!, apiKey: config.LIBRETRANSLATE_API_KEY, timeoutMs },
          catalog.all(),
        );
      case TranslationEngineName.OpenAI:
        return new OpenAiTranslationEngine(
          {
            baseUrl: config.TRANSLATION_OPENAI_BASE_URL!,
            apiKey: config.TRANSLATION_OPENAI_API_KEY,
            model: config.TRANSLATION_OPENAI_MODEL!,
            timeoutMs,
          },
          catalog.all(),
        );
      case TranslationEngineName.Apertium:
        return new ApertiumEngine(config.APERTIUM_DATA_DIR);
    }
  },
};

import { Provider } from '@nestjs/common';
import { AppConfig, LlmEngineName } from '../../config/app-config.js';
import { EmbeddedLlmEngine } from './embedded-llm.engine.js';
import { LLM_ENGINE, type LlmEngine } from './llm-engine.js';
import { OpenAiLlmEngine } from './openai-llm.engine.js';

/** Chooses the language engine from LLM_ENGINE (the config has checked its settings). */
export const llmEngineProvider: Provider = {
  provide: LLM_ENGINE,
  inject: [AppConfig, EmbeddedLlmEngine],
  useFactory: (config: AppConfig, embedded: EmbeddedLlmEngine): LlmEngine =>
    config.LLM_ENGINE === LlmEngineName.OpenAI
      ? new OpenAiLlmEngine({
          baseUrl: config.LLM_BASE_URL!,
          apiKey: config.LLM_API_KEY,
          model: config.LLM_MODEL!,
          timeoutMs: config.LLM_TIMEOUT_MS,
          maxTokens: config.LLM_MAX_TOKENS,
        })
      : embedded,
};

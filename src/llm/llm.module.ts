import { Module } from '@nestjs/common';
import { LanguageIdModule } from '../language/identification/language-id.module.js';
import { LanguageModule } from '../language/language.module.js';
import { TranslationModule } from '../translation/translation.module.js';
import { EmbeddedLlmEngine } from './engines/embedded-llm.engine.js';
import { llmEngineProvider } from './engines/llm-engine.provider.js';
import { LlmController } from './llm.controller.js';
import { LlmService } from './llm.service.js';

@Module({
  // TranslationModule: the embedded engine translates structured summaries.
  imports: [LanguageModule, LanguageIdModule, TranslationModule],
  controllers: [LlmController],
  providers: [EmbeddedLlmEngine, llmEngineProvider, LlmService],
  exports: [LlmService],
})
export class LlmModule {}

import { Module } from '@nestjs/common';
import { LanguageIdModule } from '../transcription/language-id/language-id.module.js';
import { TranslationModule } from '../translation/translation.module.js';
import { EmbeddedLlmEngine } from './engines/embedded-llm.engine.js';
import { llmEngineProvider } from './engines/llm-engine.provider.js';
import { LlmController } from './llm.controller.js';
import { LlmService } from './llm.service.js';

@Module({
  imports: [TranslationModule, LanguageIdModule],
  controllers: [LlmController],
  providers: [EmbeddedLlmEngine, llmEngineProvider, LlmService],
  exports: [LlmService],
})
export class LlmModule {}

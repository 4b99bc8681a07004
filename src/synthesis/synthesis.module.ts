import { Module } from '@nestjs/common';
import { LanguageModule } from '../language/language.module.js';
import { ttsEngineProvider } from './engines/tts-engine.provider.js';
import { SynthesisController } from './synthesis.controller.js';
import { SynthesisService } from './synthesis.service.js';

/** Speech synthesis: POST /api/v1/synthetize and its voice list; SynthesisService for the orchestrator. */
@Module({
  imports: [LanguageModule],
  controllers: [SynthesisController],
  providers: [ttsEngineProvider, SynthesisService],
  exports: [SynthesisService],
})
export class SynthesisModule {}

import { Module } from '@nestjs/common';
import { AudioModule } from '../audio/audio.module.js';
import { LanguageIdModule } from '../language/identification/language-id.module.js';
import { LanguageModule } from '../language/language.module.js';
import { LlmModule } from '../llm/llm.module.js';
import { SynthesisModule } from '../synthesis/synthesis.module.js';
import { TranscriptionModule } from '../transcription/transcription.module.js';
import { TranslationModule } from '../translation/translation.module.js';
import { TranslationService } from '../translation/translation.service.js';
import { ArchiveBuilder } from './archive/archive-builder.js';
import { LanguagesController } from './languages/languages.controller.js';
import { SessionLanguagesService } from './languages/session-languages.service.js';
import { FidelityScorer } from './pipeline/fidelity/fidelity-scorer.js';
import { PIPELINE_STAGES } from './pipeline/pipeline-stages.js';
import { SentencePipeline } from './pipeline/sentence-pipeline.js';
import { ClientMessageParser } from './protocol/client-message-parser.js';
import { SessionFactory } from './session/session-factory.js';
import { SessionHandshakeService } from './session/session-handshake.service.js';
import { SessionManager } from './session/session-manager.js';
import { SessionRegistry } from './session/session-registry.js';
import { SessionGateway } from './session.gateway.js';

/** Real-time interpretation sessions over WebSocket (/ws) and the session language list. */
@Module({
  imports: [
    LanguageModule,
    TranslationModule,
    TranscriptionModule,
    LanguageIdModule,
    SynthesisModule,
    LlmModule,
    AudioModule,
  ],
  controllers: [LanguagesController],
  providers: [
    SessionGateway,
    SessionManager,
    SessionHandshakeService,
    SessionFactory,
    SessionRegistry,
    ClientMessageParser,
    SessionLanguagesService,
    SentencePipeline,
    ...PIPELINE_STAGES,
    {
      // The same terminology the translations use (with the hospital's glossary, if any), asked
      // through the translation service rather than taken from the translation module's inside.
      provide: FidelityScorer,
      inject: [TranslationService],
      useFactory: (translation: TranslationService) =>
        new FidelityScorer({
          find: (text, source, target) => translation.clinicalTerms(text, source, target),
        }),
    },
    ArchiveBuilder,
  ],
  exports: [SessionManager, SessionRegistry],
})
export class OrchestratorModule {}

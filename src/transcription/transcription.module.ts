import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { AudioModule } from '../audio/audio.module.js';
import { VadModule } from '../audio/vad/vad.module.js';
import { AppConfig } from '../config/app-config.js';
import { LanguageIdModule } from '../language/identification/language-id.module.js';
import { LanguageModule } from '../language/language.module.js';
import { asrEngineProvider } from './engines/asr-engine.provider.js';
import { TranscriptionController } from './transcription.controller.js';
import { TranscriptionService } from './transcription.service.js';
import { UploadLimitInterceptor } from './upload-limit.interceptor.js';

@Module({
  imports: [
    AudioModule,
    VadModule,
    LanguageModule,
    LanguageIdModule,
    // Uploads stay in memory (multer's memory storage: no `dest`), one file, bounded.
    MulterModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        limits: { fileSize: config.MAX_AUDIO_BYTES, files: 1, fields: 5, parts: 6 },
      }),
    }),
  ],
  controllers: [TranscriptionController],
  providers: [asrEngineProvider, TranscriptionService, UploadLimitInterceptor],
  exports: [TranscriptionService],
})
export class TranscriptionModule {}

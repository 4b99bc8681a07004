import { Module } from '@nestjs/common';
import { AudioService } from './audio.service.js';

/** WAV decoding and resampling for the modules that take audio (transcription, sessions). */
@Module({
  providers: [AudioService],
  exports: [AudioService],
})
export class AudioModule {}

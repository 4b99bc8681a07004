import { Module } from '@nestjs/common';
import { AudioService } from './audio.service.js';
import { LiveAudioIntakeFactory } from './stream/live-audio-intake.js';
import { VadModule } from './vad/vad.module.js';

/**
 * WAV decoding and resampling for the modules that take audio (transcription, sessions), and
 * the intake of live audio streams (decoder, resampler, VAD) for the sessions.
 */
@Module({
  imports: [VadModule],
  providers: [AudioService, LiveAudioIntakeFactory],
  exports: [AudioService, LiveAudioIntakeFactory],
})
export class AudioModule {}

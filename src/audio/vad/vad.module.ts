import { Inject, Injectable, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import type { SentenceSegmenterOptions } from './segmenter-settings.js';
import { SentenceSegmenter } from './sentence-segmenter.js';
import { SileroVadModel } from './silero-vad.model.js';

/** Blips shorter than this many frames (3 × 32 ms = 96 ms) do not start a sentence. */
export const VAD_MIN_SPEECH_FRAMES = 3;

/**
 * The one place other modules get sentence segmenters from: one per audio stream, each with its
 * own VAD state, all sharing the loaded Silero model and the VAD_* settings.
 */
@Injectable()
export class SentenceSegmenterFactory {
  constructor(
    @Inject(SileroVadModel) private readonly model: SileroVadModel,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The options `create()` uses, from VAD_THRESHOLD, VAD_SILENCE_FRAMES, VAD_PREROLL_MS, VAD_MAX_SENTENCE_MS. */
  get options(): SentenceSegmenterOptions {
    return {
      threshold: this.config.VAD_THRESHOLD,
      silenceFrames: this.config.VAD_SILENCE_FRAMES,
      prerollMs: this.config.VAD_PREROLL_MS,
      maxSentenceMs: this.config.VAD_MAX_SENTENCE_MS,
      minSpeechFrames: VAD_MIN_SPEECH_FRAMES,
    };
  }

  /** A segmenter for a new audio stream. Throws EngineUnavailableError when the model is not ready. */
  create(overrides: Partial<SentenceSegmenterOptions> = {}): SentenceSegmenter {
    return new SentenceSegmenter(this.model.createStream(), { ...this.options, ...overrides });
  }
}

/** Silero VAD (loaded once at boot) and the sentence segmenters built on it. Needs ConfigModule. */
@Module({
  providers: [SileroVadModel, SentenceSegmenterFactory],
  exports: [SileroVadModel, SentenceSegmenterFactory],
})
export class VadModule {}

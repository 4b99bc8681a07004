import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AudioTooLargeError, AudioUnreadableError } from '../common/errors/domain.errors.js';
import { AppConfig } from '../config/app-config.js';
import { disposeSharedResampler, resampleTo16k, TARGET_SAMPLE_RATE } from './resampler.js';
import { AudioDecodeError, decodeWav, type DecodedAudio } from './wav-decoder.js';

/** An uploaded recording, ready for VAD and recognition. */
export interface Audio16kMono {
  /** Mono, 16 kHz, -1..1. */
  samples: Float32Array;
  /** Always 16000. */
  sampleRate: number;
  /** Sample rate of the file as sent. */
  sourceRate: number;
  /** Channels of the file as sent (averaged into `samples`). */
  channels: number;
  /** Sample format of the file as sent, e.g. `pcm_s16le` (see DecodedAudio). */
  format: string;
  /** Length of the recording, in milliseconds (rounded). */
  durationMs: number;
}

/**
 * WAV uploads to 16 kHz mono floats, in memory. Over MAX_AUDIO_BYTES: AudioTooLargeError; a file
 * that is not a decodable WAV: AudioUnreadableError (the HTTP edge answers 413 and 400).
 */
@Injectable()
export class AudioService implements OnModuleDestroy {
  constructor(private readonly config: AppConfig) {}

  async decodeTo16kMono(bytes: Uint8Array): Promise<Audio16kMono> {
    const limit = this.config.MAX_AUDIO_BYTES;
    if (bytes.byteLength > limit) {
      throw new AudioTooLargeError(bytes.byteLength, limit);
    }
    let decoded: DecodedAudio;
    try {
      decoded = decodeWav(bytes);
    } catch (error) {
      if (error instanceof AudioDecodeError) throw new AudioUnreadableError(error.message);
      throw error;
    }
    const samples = await resampleTo16k(decoded.samples, decoded.sampleRate);
    return {
      samples,
      sampleRate: TARGET_SAMPLE_RATE,
      sourceRate: decoded.sampleRate,
      channels: decoded.channels,
      format: decoded.format,
      durationMs: Math.round((decoded.samples.length * 1000) / decoded.sampleRate),
    };
  }

  async onModuleDestroy(): Promise<void> {
    await disposeSharedResampler();
  }
}

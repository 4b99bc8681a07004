import { Injectable } from '@nestjs/common';
import { TARGET_SAMPLE_RATE } from '../resampler.js';
import type { LiveSentenceListener, Sentence } from '../vad/sentence.js';
import type { SentenceSegmenter } from '../vad/sentence-segmenter.js';
import { SentenceSegmenterFactory } from '../vad/vad.module.js';
import { PcmS16leDecoder } from './pcm-s16le-decoder.js';
import { StreamResampler } from './stream-resampler.js';

/**
 * One live audio stream's way in, from the client's PCM frames to sentences: its decoder, its
 * resampler to 16 kHz (when the client's rate is another) and its own VAD segmenter.
 */
export class LiveAudioIntake {
  constructor(
    private readonly decoder: PcmS16leDecoder,
    private readonly segmenter: SentenceSegmenter,
    private readonly resampler?: StreamResampler,
  ) {}

  /** Tells `listener` of each sentence while it is spoken (see LiveSentenceListener). */
  listen(listener: LiveSentenceListener): void {
    this.segmenter.listener = listener;
  }

  /** One frame of PCM s16le, any length: the samples it completes (a split sample waits). */
  decode(bytes: Uint8Array): Float32Array {
    return this.decoder.push(bytes);
  }

  /** Decoded samples at the client's rate: the sentences they close. */
  async push(samples: Float32Array): Promise<Sentence[]> {
    const audio = this.resampler ? await this.resampler.push(samples) : samples;
    if (audio.length === 0) return [];
    return this.segmenter.push(audio);
  }

  /** The speech in progress becomes a sentence now; the stream goes on. */
  cut(): Promise<Sentence[]> {
    return this.segmenter.cut();
  }

  /** The sentence in progress ends in its pause, if still in it and `stillWanted()`. */
  endInPause(stillWanted: () => boolean): Promise<Sentence[]> {
    return this.segmenter.endInPause(stillWanted);
  }

  /** End of the stream: the speech still held becomes the last sentence(s). */
  async flush(): Promise<Sentence[]> {
    const tail = this.resampler ? await this.resampler.flush() : undefined;
    return [
      ...(tail && tail.length > 0 ? await this.segmenter.push(tail) : []),
      ...(await this.segmenter.flush()),
    ];
  }
}

/** Builds each live stream's intake, with its own VAD state on the shared model. */
@Injectable()
export class LiveAudioIntakeFactory {
  constructor(private readonly segmenters: SentenceSegmenterFactory) {}

  /** An intake for a stream of PCM s16le at `sampleRate`. */
  create(sampleRate: number): LiveAudioIntake {
    return new LiveAudioIntake(
      new PcmS16leDecoder(),
      this.segmenters.create(),
      sampleRate === TARGET_SAMPLE_RATE ? undefined : new StreamResampler(sampleRate),
    );
  }
}

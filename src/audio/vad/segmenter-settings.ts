import { VAD_FRAME_MS, VAD_FRAME_SAMPLES, VAD_SAMPLE_RATE } from './vad-stream.js';

export const SAMPLES_PER_MS = VAD_SAMPLE_RATE / 1000;

export interface SentenceSegmenterOptions {
  /** Probability at or above which a frame starts speech (VAD_THRESHOLD). */
  threshold: number;
  /** Consecutive silent frames that end a sentence (VAD_SILENCE_FRAMES, 20 = 640 ms). */
  silenceFrames: number;
  /** Audio kept before the onset, in ms (VAD_PREROLL_MS); at most half of maxSentenceMs. */
  prerollMs: number;
  /** Longest sentence, pre-roll and tail included, in ms (VAD_MAX_SENTENCE_MS). */
  maxSentenceMs: number;
  /** Speech frames in a row needed to start a sentence; shorter blips are ignored. Default 3 (96 ms). */
  minSpeechFrames?: number;
  /**
   * Speech continues while the probability stays at or above `threshold - hysteresis`
   * (never below threshold / 2). Default 0.15.
   */
  hysteresis?: number;
  /** Silence kept after the last speech frame, in ms; at most silenceFrames × 32 ms. Default 100. */
  tailMs?: number;
  /**
   * Silence after which the listener is told the speaker paused (`paused`), in ms: rounded up to
   * whole frames, and never before the tail is given. Default PAUSE_MS.
   */
  pauseMs?: number;
}

/**
 * The live listener is told of a pause this long (10 frames), so a recognizer can finish the
 * sentence so far while the other 320 ms before its boundary run out (docs/speech.md, "Finishing
 * at the pause"). Shorter pauses are common inside sentences, and speech resuming after one costs
 * the language model's context: at 192 ms 41 % of the clinical bench's sentences were split
 * (WER +1.0 point), at 256 ms 8 % (+0.1), at 320 ms none (docs/benchmarks.md).
 */
export const PAUSE_MS = 320;

/** The options checked, with their defaults, and the durations in samples. */
export interface SegmenterSettings {
  readonly threshold: number;
  /** Probability a speech frame must keep to stay speech. */
  readonly continueThreshold: number;
  readonly silenceFrames: number;
  readonly minSpeechFrames: number;
  readonly prerollSamples: number;
  readonly maxSamples: number;
  readonly tailSamples: number;
  /** Silent frames in a row after which the listener hears `paused`; ≥ silenceFrames: never. */
  readonly pauseFrames: number;
}

/** The settings of `options`; a RangeError names the first option out of range. */
export function segmenterSettings(options: SentenceSegmenterOptions): SegmenterSettings {
  const {
    threshold,
    silenceFrames,
    prerollMs,
    maxSentenceMs,
    minSpeechFrames = 3,
    hysteresis = 0.15,
    tailMs = 100,
    pauseMs = PAUSE_MS,
  } = options;
  if (!(threshold > 0 && threshold < 1)) throw new RangeError('threshold must be in (0, 1)');
  if (!Number.isInteger(silenceFrames) || silenceFrames < 1) {
    throw new RangeError('silenceFrames must be a positive integer');
  }
  if (!Number.isInteger(minSpeechFrames) || minSpeechFrames < 1) {
    throw new RangeError('minSpeechFrames must be a positive integer');
  }
  // Room for the longest pre-roll (half the maximum), an onset and one more frame.
  const shortest = 2 * (minSpeechFrames + 1) * VAD_FRAME_MS;
  if (!(maxSentenceMs >= shortest)) {
    throw new RangeError(`maxSentenceMs must be at least ${shortest} ms`);
  }
  if (!(prerollMs >= 0) || !(tailMs >= 0) || !(hysteresis >= 0) || !(pauseMs >= 0)) {
    throw new RangeError('prerollMs, tailMs, pauseMs and hysteresis must not be negative');
  }
  const maxSamples = Math.floor(maxSentenceMs * SAMPLES_PER_MS);
  const tailSamples = Math.min(
    Math.round(tailMs * SAMPLES_PER_MS),
    silenceFrames * VAD_FRAME_SAMPLES,
  );
  return {
    threshold,
    continueThreshold: Math.max(threshold - hysteresis, threshold / 2),
    silenceFrames,
    minSpeechFrames,
    maxSamples,
    prerollSamples: Math.min(Math.round(prerollMs * SAMPLES_PER_MS), maxSamples >> 1),
    tailSamples,
    // The listener must have the whole tail: a sentence ending in this pause has nothing more.
    pauseFrames: Math.max(
      Math.ceil(pauseMs / VAD_FRAME_MS),
      Math.ceil(tailSamples / VAD_FRAME_SAMPLES),
      1,
    ),
  };
}

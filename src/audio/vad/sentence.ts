/** Why a sentence was emitted. */
export type SentenceEnd = 'silence' | 'max-length' | 'cut' | 'flush' | 'turn';

/** One sentence of a stream: its audio and where it lies, in ms from the start of the stream. */
export interface Sentence {
  /** 16 kHz mono audio: pre-roll, the speech, then up to `tailMs` of the following silence. */
  samples: Float32Array;
  /** Start of `samples`, pre-roll included. */
  startMs: number;
  /** End of `samples` (startMs + samples.length / 16). */
  endMs: number;
  /** Start of the first speech frame (the onset): startMs + pre-roll, unless the pre-roll was cut. */
  speechStartMs: number;
  /** End of the last speech frame. */
  speechEndMs: number;
  /**
   * `silence`: `silenceFrames` silent frames followed the speech; `max-length`: the sentence
   * reached `maxSentenceMs` (when it was cut mid-speech, the next sentence continues it: no
   * pre-roll there, the two are contiguous); `cut`: `cut()` closed it before its silence was
   * complete (mid-speech, the next sentence continues it the same way); `flush`: the stream ended.
   */
  end: SentenceEnd;
}

/**
 * Told of each sentence while it is spoken, so a recognizer can decode it as it comes (issue 19).
 * For every sentence: `started` once, `samples` any number of times, then `ended` with the
 * Sentence that `push`, `cut` or `flush` also return; the samples given, concatenated, are exactly
 * `sentence.samples`, whatever the chunking. Silence inside the sentence (a pause) is held back
 * until speech resumes or the sentence ends, as it may not belong to the sentence. A started
 * sentence always ends; `dropped` is only a safeguard for a stream reset while one is open.
 * Called synchronously while the segmenter works: keep them short, never throw.
 */
export interface LiveSentenceListener {
  /** A sentence began (its onset confirmed, or a split's continuation spoke): its first samples. */
  started(samples: Float32Array): void;
  /** More samples of the sentence begun, in order. */
  samples(samples: Float32Array): void;
  /**
   * The speaker paused (`pauseMs` of silence): if the sentence ends in this pause, `samples` gave
   * all of it already. More samples after it mean the speech resumed. Once per pause; optional.
   */
  paused?(): void;
  /** The sentence begun is complete; the same object `push`, `cut` or `flush` resolves with. */
  ended(sentence: Sentence): void;
  /** The sentence begun will not be emitted. */
  dropped(): void;
}

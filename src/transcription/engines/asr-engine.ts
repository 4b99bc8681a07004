/** Injection token of the active speech recognizer (chosen by ASR_ENGINE). */
export const ASR_ENGINE = Symbol('ASR_ENGINE');

/** The sample rate every engine receives: the audio module resamples to it. */
export const ASR_SAMPLE_RATE = 16_000;

export interface AsrAudio {
  /** 16 kHz mono samples in [-1, 1]. */
  readonly samples: Float32Array;
  /** BCP-47 locales the speech may be in, the medic's first (interface §4.3.2); may be empty. */
  readonly localeHints: readonly string[];
}

export interface AsrTranscript {
  /** The recognized text; empty for silence, noise or music. */
  readonly text: string;
  /** The locale the engine reports, if any. Informative only: the language comes from the text (§4.3.3). */
  readonly locale?: string;
  /**
   * How sure the engine is of the text, 0 to 1, when it tells (pocketsphinx: the geometric mean
   * of the words' posterior probabilities); absent for engines that do not, and for empty text.
   */
  readonly confidence?: number;
}

/**
 * The speech recognition port. Adapters recognize one segment of speech at a time; the service
 * handles segmentation, the deadline (ASR_TIMEOUT_MS) and language identification.
 */
export interface AsrEngine {
  /** Stable engine name used in errors: `pocketsphinx`, `openai`. */
  readonly name: string;
  /** BCP-47 locales the engine can recognize, e.g. `['en-US']`. */
  languages(): readonly string[];
  /**
   * Below this `confidence` a text is more likely wrong than right: the sentence is marked
   * low-confidence so that the speaker can be asked to repeat. Calibrated per engine (its
   * confidence is its own scale); absent when the engine reports no confidence.
   */
  readonly lowConfidenceBelow?: number;
  /**
   * Recognizes one segment; rejects with an EngineError subclass when the backend fails or
   * `signal` aborts (EngineTimeoutError).
   */
  transcribe(audio: AsrAudio, signal: AbortSignal): Promise<AsrTranscript>;
  /** A real recognition of a short built-in signal, for the readiness check; rejects with an EngineError. */
  probe?(): Promise<void>;
}

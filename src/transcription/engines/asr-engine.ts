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
   * of the words' posterior probabilities; Moonshine: of its tokens' probabilities); absent for engines that do not, and for empty text.
   */
  readonly confidence?: number;
}

/**
 * What a session's streams carry from one sentence to the next: the acoustic channel (microphone,
 * room, voice) as the engine estimated it. Opaque to the caller, in memory only: one per session,
 * created and dropped with it, never logged, sent or archived, so nothing of one conversation
 * reaches another's sentences. The engine reads it when a stream opens and updates it when the
 * stream finishes; engines that decode whole segments ignore it.
 */
export interface AsrChannel {
  /** Each engine's own state, under a symbol only that engine holds (e.g. pocketsphinx's mean). */
  [state: symbol]: unknown;
}

/** What an engine's own decoders have used so far (benchmarks, diagnostics). */
export interface AsrUsage {
  /** CPU seconds (user + system) of its decoding threads or processes. */
  readonly cpuSeconds: number;
}

/**
 * One sentence decoded while it is spoken (issue 19): the decoder is held from the first pushed
 * samples to finish() or cancel().
 */
export interface AsrStream {
  /** 16 kHz mono samples of the sentence, in order, as they arrive; never throws (a failure shows at finish). */
  push(samples: Float32Array): void;
  /**
   * Ends the sentence: the transcript of everything pushed, as transcribe() of the same samples
   * would give it (within the decoder's live-mode differences); rejects with an EngineError, or
   * with EngineTimeoutError when `signal` aborts. Releases the decoder.
   */
  finish(signal: AbortSignal): Promise<AsrTranscript>;
  /** Releases the decoder without a result (the sentence was dropped, or is decoded whole instead). */
  cancel(): void;
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
  /**
   * A stream for one sentence, if the engine decodes while speech arrives and a decoder is free to
   * hold for the whole sentence; undefined otherwise (the caller decodes the sentence whole with
   * transcribe(), so no sentence is lost when speakers outnumber decoders). `onPartial` receives
   * the words so far (non-empty, changed), at most a few times a second. `channel` is the
   * session's (see AsrChannel): the stream starts from it and updates it at its finish.
   */
  openStream?(
    localeHints: readonly string[],
    onPartial?: (text: string) => void,
    channel?: AsrChannel,
  ): AsrStream | undefined;
  /** A real recognition of a short built-in signal, for the readiness check; rejects with an EngineError. */
  probe?(): Promise<void>;
  /** What its decoders have used so far; absent for an engine that decodes elsewhere (a server). */
  usage?(): AsrUsage;
}

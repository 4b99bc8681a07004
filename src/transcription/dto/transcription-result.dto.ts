export class TranscriptionResultDto {
  /**
   * The recognized text; empty when the recording holds no speech (silence, noise, music).
   * @example "the patient has a fever and a headache"
   */
  text!: string;

  /**
   * The language of the text as a BCP-47 locale, identified from the text among the languages
   * the active speech recognizer handles.
   * @example "en-US"
   */
  language!: string;

  /**
   * How sure the recognizer is of the text, 0 to 1 (the default recognizer and Moonshine: the
   * geometric mean of Moonshine's token probabilities; pocketsphinx: that of the words' posterior
   * probabilities); for a recording of several sentences, that of the least sure
   * one. Null when there is no text or the recognizer reports no confidence (ASR_ENGINE=openai).
   * @example 0.87
   */
  confidence!: number | null;

  /**
   * True when `confidence` is below the recognizer's calibrated threshold: the text is more
   * likely wrong than right, and the speaker should be asked to repeat before it is used.
   * @example false
   */
  low_confidence!: boolean;

  /** @example true */
  success!: boolean;
}

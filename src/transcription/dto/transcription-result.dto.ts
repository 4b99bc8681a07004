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

  /** @example true */
  success!: boolean;
}

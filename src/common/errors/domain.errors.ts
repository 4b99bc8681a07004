/**
 * What a client asked for that cannot be served: a language, a voice, an audio file. Services
 * throw these; each edge words them in its own protocol (the HTTP filter as decisions §3 bodies,
 * the session as `error` messages), so no service knows a REST path or a status code.
 */

/** One choice of the client that cannot be served, named by the request field that made it. */
export interface ChoiceProblem {
  /** The request's field, e.g. `target_language`; the HTTP edge says where it sits (`body`). */
  readonly field: string;
  /** The client-facing sentence: what is wrong and what to send instead. */
  readonly message: string;
  /** The machine-readable kind, e.g. `language_unavailable`. */
  readonly type: string;
}

/** One or more choices this server cannot serve; several when a request names several. */
export abstract class UnservableChoiceError extends Error {
  constructor(readonly problems: readonly ChoiceProblem[]) {
    super(problems.map((problem) => problem.message).join(' '));
    this.name = new.target.name;
  }
}

/** A language that is unknown, written in the wrong form, or that no engine here handles. */
export class LanguageUnavailableError extends UnservableChoiceError {}

/**
 * A text to translate into a language only fixed phrases reach (issue 32) that matches no
 * phrase: it is not machine-translated, and the message names the closest phrases.
 */
export class NoFixedPhraseError extends UnservableChoiceError {}

/** A language that has voices, but none of the gender asked for. */
export class VoiceUnavailableError extends UnservableChoiceError {}

/** An audio upload larger than MAX_AUDIO_BYTES. */
export class AudioTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(
      `The audio is ${bytes} bytes; the most accepted is ${limit} bytes ` +
        '(MAX_AUDIO_BYTES). Send a shorter recording, or 16-bit mono at 16000 Hz, the smallest ' +
        'format that keeps speech intact.',
    );
    this.name = new.target.name;
  }
}

/** An audio upload that is not a WAV file this server decodes; the message says why. */
export class AudioUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

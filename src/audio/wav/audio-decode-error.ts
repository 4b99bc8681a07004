/** Why a WAV file cannot be decoded, and the sentences every refusal ends with. */

export type AudioDecodeReason =
  /** Zero bytes. */
  | 'empty'
  /** Not a RIFF/WAVE file (MP3, OGG, text…). */
  | 'not_wav'
  /** The file ends inside the RIFF header or the fmt chunk. */
  | 'truncated_header'
  | 'missing_fmt'
  | 'missing_data'
  /** A chunk other than data declares more bytes than the file holds. */
  | 'chunk_too_large'
  /** A codec rather than PCM or float samples: A-law, µ-law, ADPCM, MP3 in WAV… */
  | 'unsupported_encoding'
  /** Valid, but outside what the service takes: more than 8 channels, under 8000 Hz, 64-bit PCM. */
  | 'unsupported_format'
  /** Values that no valid file has: 0 channels, 0 Hz, block align that does not match. */
  | 'invalid_fmt'
  /** The data chunk is cut before its first full sample frame. */
  | 'truncated_data'
  /** A well-formed file without a single sample frame. */
  | 'no_samples';

/** A WAV file that cannot be decoded; `message` is written for the client (no file content). */
export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';

  constructor(
    readonly reason: AudioDecodeReason,
    message: string,
  ) {
    super(message);
  }
}

export const WHAT_TO_SEND =
  'Send a WAV file with PCM samples (8-bit unsigned, 16-, 24- or 32-bit signed) or IEEE float ' +
  'samples (32- or 64-bit), 1 to 8 channels, 8000 to 192000 Hz; 16-bit mono at 16000 Hz is best.';
export const CONVERT_HINT =
  'To convert a recording: ffmpeg -i input -ac 1 -ar 16000 -c:a pcm_s16le output.wav';

/** Throws the AudioDecodeError of `reason`. */
export const fail = (reason: AudioDecodeReason, message: string): never => {
  throw new AudioDecodeError(reason, message);
};

import type { VoiceGender } from '../../language/speech-settings.js';

/** Injection token of the active speech synthesis engine (chosen by TTS_ENGINE). */
export const TTS_ENGINE = Symbol('TTS_ENGINE');

/** One voice the engine offers (interface 2.8): a language (ISO 639-1) and a gender. */
export interface Voice {
  /** Two lowercase letters, e.g. `en`. */
  readonly language: string;
  readonly gender: VoiceGender;
}

export interface EngineSynthesis {
  /** 1 to 5000 characters; medical data, never logged nor put in an error message. */
  readonly text: string;
  /** A language of `voices()`. */
  readonly language: string;
  readonly gender: VoiceGender;
  /** Speaking rate multiplier, 0.25 to 4.0 (1.0: the engine's normal rate). */
  readonly speed: number;
}

export interface SynthesizedAudio {
  /** A RIFF WAV file: PCM 16-bit little-endian, mono, with exact chunk sizes. */
  readonly wav: Buffer;
  readonly sampleRate: number;
  /** Length of the audio, in milliseconds. */
  readonly durationMs: number;
}

/**
 * The speech synthesis port. Adapters synthesize any voice they list; the service validates the
 * (language, gender) pair and applies TTS_TIMEOUT_MS.
 */
export interface TtsEngine {
  /** Stable engine name used in errors and the `X-Engine` header: `embedded`, `espeak-ng`, `openai`
   * (inside the embedded one: `flite`, `festival`). */
  readonly name: string;
  /** The voices this engine can speak, sorted by language then gender. */
  voices(): Promise<readonly Voice[]>;
  /** Synthesizes; rejects with an EngineError subclass when the backend fails. Honours `signal`. */
  synthesize(request: EngineSynthesis, signal: AbortSignal): Promise<SynthesizedAudio>;
}

/** The order of voice lists: by language, then female before male. */
export function compareVoices(a: Voice, b: Voice): number {
  return a.language.localeCompare(b.language) || a.gender.localeCompare(b.gender);
}

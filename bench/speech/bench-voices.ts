/**
 * The voices npm run bench:speech speaks with, each giving 16 kHz mono samples: the service's own
 * voices (through its TTS engine, as a request would) and voices used nowhere else in the
 * service or its tests (flite's awb and kal16, festival's kal and ked diphones), so that the
 * recognizer is measured on speakers it was never tuned on.
 */
import { resampleTo16k } from '../../src/audio/resampler.js';
import { decodeWav } from '../../src/audio/wav-decoder.js';
import { AppConfig } from '../../src/config/app-config.js';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import type { TtsEngine } from '../../src/synthesis/engines/tts-engine.js';
import { ttsEngineProvider } from '../../src/synthesis/engines/tts-engine.provider.js';
import { pipeThrough } from '../../test/support/pipe-through.js';
import type { VoiceGender } from '../../src/language/speech-settings.js';

export interface BenchVoice {
  /** e.g. `flite awb (male)`. */
  readonly name: string;
  /** Synthesizes English text; resolves with 16 kHz mono samples. */
  speak(text: string): Promise<Float32Array>;
}

/** A WAV file's samples at 16 kHz mono, resampled when it has another rate. */
export async function to16k(wav: Buffer): Promise<Float32Array> {
  const { samples, sampleRate } = decodeWav(wav);
  return sampleRate === 16_000 ? samples : resampleTo16k(samples, sampleRate);
}

/**
 * A flite voice (`flite -lv`). The bench's own sentences go in argv: flite writes a whole WAV to a
 * pipe only for `-t` (with `-f` it appends utterance by utterance, seeking in the output), and
 * only to a real pipe (Node's child stdout is a socket, which /dev/stdout cannot open): `| cat`.
 */
export function fliteVoice(voice: string, label: string): BenchVoice {
  return {
    name: `flite ${voice} (${label})`,
    speak: async (text) =>
      to16k(
        await pipeThrough(
          'sh',
          ['-c', 'flite "$@" | cat', 'sh', '-voice', voice, '-t', text, '-o', '/dev/stdout'],
          '',
        ),
      ),
  };
}

/** A festival voice, e.g. `kal_diphone`; text2wave on a pipe. */
export function festivalVoice(voice: string, label: string): BenchVoice {
  return {
    name: `festival ${voice.replace('_diphone', '')} (${label})`,
    speak: async (text) =>
      to16k(await pipeThrough('text2wave', ['-o', '-', '-eval', `(voice_${voice})`], text)),
  };
}

/** The TTS engine `npm start` uses (TTS_ENGINE's default), as the service builds it. */
export function serviceTtsEngine(): TtsEngine & { onModuleDestroy?(): void } {
  const factory = (ttsEngineProvider as { useFactory: (...args: unknown[]) => TtsEngine })
    .useFactory;
  return factory(new AppConfig(), new LanguageCatalog()) as TtsEngine & {
    onModuleDestroy?(): void;
  };
}

/** A voice of the service's TTS engine, through the port (what /api/v1/synthetize plays). */
export function serviceVoice(engine: TtsEngine, gender: VoiceGender, speed = 1): BenchVoice {
  return {
    name: `service ${engine.name} en ${gender}${speed === 1 ? '' : ` at speed ${speed}`}`,
    speak: async (text) => {
      const { wav } = await engine.synthesize(
        { text, language: 'en', gender, speed },
        AbortSignal.timeout(30_000),
      );
      return to16k(wav);
    },
  };
}

/** The voices used nowhere else in the service or its tests. */
export const UNSEEN_VOICES: readonly BenchVoice[] = [
  fliteVoice('awb', 'Scottish English, male'),
  fliteVoice('kal16', 'US English, male'),
  festivalVoice('kal_diphone', 'US English, male'),
  festivalVoice('ked_diphone', 'US English, male'),
];

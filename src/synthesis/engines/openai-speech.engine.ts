import type { APIError } from 'openai';
import { AudioDecodeError, decodeWav, describeNonWav } from '../../audio/wav-decoder.js';
import { encodeWav } from '../../audio/wav-encoder.js';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { field, withoutCredentials } from '../../common/errors/remote-error-text.js';
import { OpenAiCompatibleClient } from '../../common/openai/openai-compatible-client.js';
import type { OpenAiSettings } from '../../common/openai/openai-errors.js';
import {
  compareVoices,
  EngineSynthesis,
  SynthesizedAudio,
  TtsEngine,
  Voice,
} from './tts-engine.js';
import { VoiceGender } from '../../language/speech-settings.js';

const SETTINGS = {
  baseUrl: 'TTS_OPENAI_BASE_URL',
  apiKey: 'TTS_OPENAI_API_KEY',
  model: 'TTS_OPENAI_MODEL',
  timeout: 'TTS_TIMEOUT_MS',
  serverKind: 'speech',
};

const SERVICE = 'TTS';
const ENGINE = 'openai';

/** One voice of TTS_OPENAI_VOICES: a (language, gender) pair and the server's voice name. */
export interface OpenAiVoice extends Voice {
  /** The server's name of the voice, e.g. `af_heart`. */
  readonly voice: string;
}

export interface OpenAiSpeechOptions extends OpenAiSettings {
  readonly voices: readonly OpenAiVoice[];
}

/**
 * Parses TTS_OPENAI_VOICES (`en:female=af_heart,en:male=am_adam`; the config has checked its
 * shape). A pair given twice keeps its last voice.
 */
export function parseOpenAiVoices(setting: string): OpenAiVoice[] {
  const voices = new Map<string, OpenAiVoice>();
  for (const item of setting.split(',')) {
    const match = /^\s*([a-z]{2}):(female|male)=(\S+?)\s*$/.exec(item);
    if (!match) continue;
    const [, language, gender, voice] = match;
    voices.set(`${language}:${gender}`, { language, gender: gender as VoiceGender, voice });
  }
  return [...voices.values()].sort(compareVoices);
}

/** The server's error message: of an OpenAI `{ error: { message } }` body, or a body that is not JSON. */
function serverMessage(error: APIError): string {
  const openAiMessage = field(error.error, 'message');
  return typeof openAiMessage === 'string'
    ? openAiMessage
    : error.message.replace(/^\d{3} /, '').replace(/^status code \(no body\)$/, '');
}

/**
 * Adapter for any OpenAI-compatible speech server (`POST /v1/audio/speech`: OpenAI, speaches,
 * Kokoro-FastAPI…). The voices are exactly those of TTS_OPENAI_VOICES. The answer is asked as WAV
 * and always given back as PCM 16-bit mono with exact sizes, whatever WAV the server sent
 * (streamed sizes, float samples, stereo).
 */
export class OpenAiSpeechEngine implements TtsEngine {
  readonly name = ENGINE;
  private readonly client: OpenAiCompatibleClient;
  private readonly voiceNames: ReadonlyMap<string, string>;

  constructor(private readonly options: OpenAiSpeechOptions) {
    this.client = new OpenAiCompatibleClient({
      service: SERVICE,
      engine: ENGINE,
      names: SETTINGS,
      settings: options,
    });
    this.voiceNames = new Map(options.voices.map((v) => [`${v.language}:${v.gender}`, v.voice]));
  }

  voices(): Promise<readonly Voice[]> {
    return Promise.resolve(
      this.options.voices.map(({ language, gender }) => ({ language, gender })),
    );
  }

  async synthesize(
    { text, language, gender, speed }: EngineSynthesis,
    signal: AbortSignal,
  ): Promise<SynthesizedAudio> {
    const voice = this.voiceNames.get(`${language}:${gender}`);
    if (!voice) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `has no ${gender} voice for '${language}'.`,
        'Add it to TTS_OPENAI_VOICES.',
      );
    }
    const request = {
      signal,
      text,
      serverMessage,
      hints: {
        model: () => this.modelHint(voice),
        status: (status: number | undefined) =>
          status === 400 || status === 422 ? this.voiceHint(voice) : undefined,
      },
    };
    const bytes = await this.client.request(request, async (api) => {
      const response = await api.audio.speech.create(
        { model: this.options.model, voice, input: text, speed, response_format: 'wav' },
        { signal },
      );
      return Buffer.from(await response.arrayBuffer());
    });
    return this.toPcm16Mono(bytes);
  }

  /**
   * The server's WAV as PCM 16-bit mono with exact sizes, whatever it sent: streamed sizes (0 or
   * 0xFFFFFFFF), float or 24-bit samples, stereo. Anything else is a 503.
   */
  private toPcm16Mono(bytes: Buffer): SynthesizedAudio {
    let decoded: { sampleRate: number; samples: Float32Array };
    try {
      decoded = decodeWav(bytes);
    } catch (error) {
      const reason =
        bytes.length === 0
          ? 'an empty body, not a WAV file'
          : error instanceof AudioDecodeError && error.reason !== 'not_wav'
            ? `a WAV file that cannot be used (${error.reason})`
            : `${describeNonWav(bytes)}, not a WAV file`;
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `answered with ${reason}.`,
        `Check the server at TTS_OPENAI_BASE_URL (${this.shownUrl}) supports response_format "wav" for TTS_OPENAI_MODEL (${this.options.model}).`,
      );
    }
    const { sampleRate, samples } = decoded;
    return {
      wav: encodeWav(samples, sampleRate),
      sampleRate,
      durationMs: Math.round((samples.length / sampleRate) * 1000),
    };
  }

  private get shownUrl(): string {
    return withoutCredentials(this.options.baseUrl);
  }

  private modelHint(voice: string): string {
    return `TTS_OPENAI_MODEL (${this.options.model}) or the voice '${voice}' of TTS_OPENAI_VOICES may not be served at TTS_OPENAI_BASE_URL (${this.shownUrl}).`;
  }

  private voiceHint(voice: string): string {
    return `Check the voice '${voice}' of TTS_OPENAI_VOICES exists for TTS_OPENAI_MODEL (${this.options.model}).`;
  }
}

import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import { AudioDecodeError, decodeWav, describeNonWav } from '../../audio/wav-decoder.js';
import { encodeWav } from '../../audio/wav-encoder.js';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import { isDeadline } from '../../common/timeout/with-timeout.js';
import {
  compareVoices,
  EngineSynthesis,
  SynthesizedAudio,
  TtsEngine,
  Voice,
  VoiceGender,
} from './tts-engine.js';

const SERVICE = 'TTS';
const ENGINE = 'openai';
const MAX_SERVER_ERROR_CHARS = 200;

/** One voice of TTS_OPENAI_VOICES: a (language, gender) pair and the server's voice name. */
export interface OpenAiVoice extends Voice {
  /** The server's name of the voice, e.g. `af_heart`. */
  readonly voice: string;
}

export interface OpenAiSpeechOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly model: string;
  readonly voices: readonly OpenAiVoice[];
  readonly timeoutMs: number;
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

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The server's error message (of an OpenAI `{ error: { message } }` body, or a body that is not
 * JSON), shortened, and never echoing the (medical) text sent.
 */
function serverError(error: APIError, text: string): string {
  const openAiMessage = field(error.error, 'message');
  const message =
    typeof openAiMessage === 'string'
      ? openAiMessage
      : error.message.replace(/^\d{3} /, '').replace(/^status code \(no body\)$/, '');
  if (message.trim() === '') return '';
  const cleaned = text.trim() ? message.split(text).join('[text]') : message;
  return cleaned.length > MAX_SERVER_ERROR_CHARS
    ? `${cleaned.slice(0, MAX_SERVER_ERROR_CHARS)}…`
    : cleaned;
}

/** The socket error code (ECONNREFUSED, ENOTFOUND…) somewhere down the cause chain. */
function networkCode(error: unknown): string {
  let cause = error;
  for (let depth = 0; cause && depth < 4; cause = field(cause, 'cause'), depth++) {
    const code = field(cause, 'code');
    if (typeof code === 'string') return ` (${code})`;
  }
  return '';
}

/**
 * Adapter for any OpenAI-compatible speech server (`POST /v1/audio/speech`: OpenAI, speaches,
 * Kokoro-FastAPI…). The voices are exactly those of TTS_OPENAI_VOICES. The answer is asked as WAV
 * and always given back as PCM 16-bit mono with exact sizes, whatever WAV the server sent
 * (streamed sizes, float samples, stereo).
 */
export class OpenAiSpeechEngine implements TtsEngine {
  readonly name = ENGINE;
  private readonly client: OpenAI;
  private readonly voiceNames: ReadonlyMap<string, string>;

  constructor(private readonly options: OpenAiSpeechOptions) {
    // Self-hosted servers often need no key, but the client insists on one. Retries stay with the caller.
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey || 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: 0,
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
    const started = Date.now();
    let bytes: Buffer;
    try {
      const response = await this.client.audio.speech.create(
        { model: this.options.model, voice, input: text, speed, response_format: 'wav' },
        { signal },
      );
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw this.failure(error, text, voice, signal, started);
    }
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

  private failure(
    error: unknown,
    text: string,
    voice: string,
    signal: AbortSignal,
    started: number,
  ): EngineError {
    if (signal.aborted || error instanceof APIUserAbortError) {
      // The service aborts with a TimeoutError reason when its deadline passes.
      const message = isDeadline(signal.reason)
        ? `did not answer within ${this.options.timeoutMs} ms.`
        : `was cancelled after ${Date.now() - started} ms.`;
      return new EngineTimeoutError(SERVICE, ENGINE, message, this.timeoutHint());
    }
    // The client reports its own timeout as a plain connection error when the fetch abort comes
    // from another realm, so elapsed time decides too.
    const late = Date.now() - started >= this.options.timeoutMs;
    if (
      error instanceof APIConnectionTimeoutError ||
      (error instanceof APIConnectionError && late)
    ) {
      const message = `did not answer within ${this.options.timeoutMs} ms.`;
      return new EngineTimeoutError(SERVICE, ENGINE, message, this.timeoutHint());
    }
    if (error instanceof APIConnectionError) {
      const message = `could not be reached${networkCode(error)}.`;
      return new EngineUnavailableError(SERVICE, ENGINE, message, this.urlHint());
    }
    if (error instanceof APIError) {
      const { status } = error;
      const hint =
        status === 401 || status === 403
          ? this.keyHint()
          : status === 404
            ? this.modelHint(voice)
            : status === 400 || status === 422
              ? this.voiceHint(voice)
              : undefined;
      const remote = serverError(error, text);
      return new EngineUnavailableError(SERVICE, ENGINE, `answered HTTP ${status}.`, hint, remote);
    }
    // E.g. the body broke off: never surface the raw error, it may quote the request.
    const name = field(error, 'name');
    const kind = typeof name === 'string' ? name : 'error';
    return new EngineUnavailableError(
      SERVICE,
      ENGINE,
      `answered with an unreadable body (${kind}).`,
      this.urlHint(),
    );
  }

  private get shownUrl(): string {
    try {
      const url = new URL(this.options.baseUrl);
      if (!url.username && !url.password) return this.options.baseUrl;
      url.username = url.password = '';
      return url.toString();
    } catch {
      return this.options.baseUrl;
    }
  }

  private urlHint(): string {
    return `Check TTS_OPENAI_BASE_URL (${this.shownUrl}) points to a running OpenAI-compatible speech server, usually ending in /v1.`;
  }

  private keyHint(): string {
    return this.options.apiKey
      ? 'Check TTS_OPENAI_API_KEY: the server rejected it.'
      : 'Set TTS_OPENAI_API_KEY: the server requires an API key.';
  }

  private modelHint(voice: string): string {
    return `TTS_OPENAI_MODEL (${this.options.model}) or the voice '${voice}' of TTS_OPENAI_VOICES may not be served at TTS_OPENAI_BASE_URL (${this.shownUrl}).`;
  }

  private voiceHint(voice: string): string {
    return `Check the voice '${voice}' of TTS_OPENAI_VOICES exists for TTS_OPENAI_MODEL (${this.options.model}).`;
  }

  private timeoutHint(): string {
    return `Raise TTS_TIMEOUT_MS (currently ${this.options.timeoutMs}) or check the server at TTS_OPENAI_BASE_URL (${this.shownUrl}) is not overloaded.`;
  }
}

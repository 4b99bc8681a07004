import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  toFile,
} from 'openai';
import {
  EngineError,
  EngineUnavailableError,
  EngineTimeoutError,
} from '../../common/errors/engine.errors.js';
import { encodeWav } from '../../audio/wav-encoder.js';
import { isDeadline } from '../../common/timeout/with-timeout.js';
import { ASR_SAMPLE_RATE, AsrAudio, AsrEngine, AsrTranscript } from './asr-engine.js';

const SERVICE = 'Transcription';
const ENGINE = 'openai';
const MAX_SERVER_ERROR_CHARS = 200;
/** Language subtags whose ISO 639-1 code differs (Filipino is sent as Tagalog, Bokmål as Norwegian). */
const ISO_639_1: Readonly<Record<string, string>> = { fil: 'tl', nb: 'no' };

export interface OpenAiTranscriptionOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly model: string;
  readonly timeoutMs: number;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The server's error message, shortened. Shown to the client (remote), never logged. */
function serverError(error: unknown): string {
  const raw = field(error, 'message');
  if (typeof raw !== 'string' || raw.trim() === '') return '';
  return raw.length > MAX_SERVER_ERROR_CHARS ? `${raw.slice(0, MAX_SERVER_ERROR_CHARS)}…` : raw;
}

/** The socket error code (ECONNREFUSED, ENOTFOUND…) somewhere down the cause chain. */
function networkCode(error: unknown): string {
  for (let cause = error, depth = 0; cause && depth < 4; cause = field(cause, 'cause'), depth++) {
    const code = field(cause, 'code');
    if (typeof code === 'string') return ` (${code})`;
  }
  return '';
}

/**
 * Adapter for any OpenAI-compatible transcription server (speaches / faster-whisper, vLLM,
 * LocalAI, OpenAI): the segment goes up as a WAV made in memory, with no retries.
 */
export class OpenAiTranscriptionEngine implements AsrEngine {
  readonly name = ENGINE;
  private readonly client: OpenAI;

  constructor(
    private readonly options: OpenAiTranscriptionOptions,
    /** What the model recognizes: Whisper-class models are multilingual, so every catalog locale. */
    private readonly locales: readonly string[],
  ) {
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey || 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
  }

  languages(): readonly string[] {
    return this.locales;
  }

  async transcribe(
    { samples, localeHints }: AsrAudio,
    signal: AbortSignal,
  ): Promise<AsrTranscript> {
    const started = Date.now();
    const language = this.language(localeHints);
    let answer: unknown;
    try {
      const file = await toFile(encodeWav(samples, ASR_SAMPLE_RATE), 'audio.wav', {
        type: 'audio/wav',
      });
      answer = await this.client.audio.transcriptions.create(
        {
          file,
          model: this.options.model,
          response_format: 'json',
          ...(language ? { language } : {}),
        },
        { signal },
      );
    } catch (error) {
      throw this.failure(error, signal, started);
    }
    const text = field(answer, 'text');
    if (typeof text !== 'string') {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        'answered without a transcription text.',
        this.urlHint(),
      );
    }
    return { text: text.trim() };
  }

  /** Transcribes half a second of silence: a real request to the model. */
  async probe(): Promise<void> {
    const silence = new Float32Array(ASR_SAMPLE_RATE / 2);
    await this.transcribe(
      { samples: silence, localeHints: [] },
      AbortSignal.timeout(this.options.timeoutMs),
    );
  }

  /**
   * The ISO 639-1 code sent as `language`, only when every hint names the same language: with
   * the medic's and the patient's locales both possible, forcing the first would make a Whisper
   * model transcribe (in effect, translate) the patient's speech into the medic's language.
   */
  private language(hints: readonly string[]): string | undefined {
    const subtags = new Set(hints.map((hint) => hint.split(/[-_]/)[0].toLowerCase()));
    if (subtags.size !== 1) return undefined;
    const [subtag] = subtags;
    const code = ISO_639_1[subtag] ?? subtag;
    return /^[a-z]{2}$/.test(code) ? code : undefined;
  }

  private failure(error: unknown, signal: AbortSignal, started: number): EngineError {
    if (signal.aborted || error instanceof APIUserAbortError) {
      // The service aborts with a TimeoutError reason when its deadline passes.
      const message = isDeadline(signal.reason)
        ? `did not answer within ${this.options.timeoutMs} ms.`
        : `was cancelled after ${Date.now() - started} ms.`;
      return new EngineTimeoutError(SERVICE, ENGINE, message, this.timeoutHint());
    }
    // The client may report its own timeout as a plain connection error: elapsed time decides too.
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
            ? this.modelHint()
            : undefined;
      const remote = serverError(error.error);
      return new EngineUnavailableError(SERVICE, ENGINE, `answered HTTP ${status}.`, hint, remote);
    }
    // E.g. a 2xx whose JSON does not parse: never surface the raw error, it may quote the body.
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
    return `Check ASR_OPENAI_BASE_URL (${this.shownUrl}) points to a running OpenAI-compatible transcription server, usually ending in /v1.`;
  }

  private keyHint(): string {
    return this.options.apiKey
      ? 'Check ASR_OPENAI_API_KEY: the server rejected it.'
      : 'Set ASR_OPENAI_API_KEY: the server requires an API key.';
  }

  private modelHint(): string {
    return `ASR_OPENAI_MODEL (${this.options.model}) may not be served at ASR_OPENAI_BASE_URL (${this.shownUrl}); its /models lists what is.`;
  }

  private timeoutHint(): string {
    return `Raise ASR_TIMEOUT_MS (currently ${this.options.timeoutMs}) or check the server at ASR_OPENAI_BASE_URL (${this.shownUrl}) is not overloaded.`;
  }
}

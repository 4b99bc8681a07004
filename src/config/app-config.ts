import { Transform } from 'class-transformer';
import {
  IsEnum,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  Validate,
  type ValidationArguments,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { trustProxyProblem } from '../common/security/client-address.js';
import type { TermRow } from '../translation/terminology/term-table.js';
import { invalidOrigins, parseOrigins } from '../common/security/origins.js';

export enum TranslationEngineName {
  Apertium = 'apertium',
  LibreTranslate = 'libretranslate',
  OpenAI = 'openai',
}

export enum AsrEngineName {
  Pocketsphinx = 'pocketsphinx',
  OpenAI = 'openai',
}

export enum TtsEngineName {
  /** flite for English, festival for Italian, espeak-ng for the rest (the most intelligible). */
  Embedded = 'embedded',
  /** espeak-ng for every language. */
  EspeakNg = 'espeak-ng',
  OpenAI = 'openai',
}

export enum LlmEngineName {
  Embedded = 'embedded',
  OpenAI = 'openai',
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
const toFloat = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;
const httpUrl = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** A comma-separated list of web origins (scheme, host, optional port; no path). */
@ValidatorConstraint({ name: 'originList' })
class OriginList implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && invalidOrigins(value).length === 0;
  }

  defaultMessage({ property, value }: ValidationArguments): string {
    const wrong = typeof value === 'string' ? invalidOrigins(value) : [String(value)];
    return `${property} must be comma-separated origins such as https://console.example.org or http://10.0.0.5:3000 (scheme, host and optional port, no path); not an origin: ${wrong.join(', ')}`;
  }
}

/** TRUST_PROXY: a number of proxies, or their addresses (see client-address.ts). */
@ValidatorConstraint({ name: 'trustProxy' })
class TrustProxySetting implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && trustProxyProblem(value) === undefined;
  }

  defaultMessage({ value }: ValidationArguments): string {
    return `TRUST_PROXY: ${typeof value === 'string' ? trustProxyProblem(value) : 'expected text'}`;
  }
}

/**
 * Every setting of the service, read from the environment once at boot and validated.
 * Property names are the environment variable names, so an error message names the variable.
 * `.env.example` documents each one; keep the two in step.
 */
export class AppConfig {
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT: number = 3000;

  /** Defaults to 127.0.0.1 without API keys, else 0.0.0.0 (decisions §1); see resolveHost(). */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  HOST?: string;

  /** Comma-separated bearer tokens; empty turns authentication off. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  API_KEYS?: string;

  @Transform(trimmed)
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  /** Largest accepted JSON request body, in bytes (Base64 audio: MAX_AUDIO_BYTES instead). */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MAX_JSON_BODY_BYTES: number = 1_048_576;

  @Transform(trimmed)
  @IsEnum(TranslationEngineName)
  TRANSLATION_ENGINE: TranslationEngineName = TranslationEngineName.Apertium;

  /** Time allowed for one translation by the engine, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  TRANSLATION_TIMEOUT_MS: number = 15_000;

  @Transform(trimmed)
  @IsString()
  APERTIUM_DATA_DIR: string = '/usr/share/apertium';

  /** A hospital's glossary (TSV or CSV of equivalent terms), read and checked at start. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  GLOSSARY_FILE?: string;

  /** The rows of GLOSSARY_FILE, parsed by loadConfig (not an environment variable). */
  declare glossaryRows?: readonly TermRow[];

  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  LIBRETRANSLATE_URL?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  LIBRETRANSLATE_API_KEY?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  TRANSLATION_OPENAI_BASE_URL?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  TRANSLATION_OPENAI_API_KEY?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  TRANSLATION_OPENAI_MODEL?: string;

  // --- Audio and voice activity detection ---

  /** Largest accepted audio upload (decoded bytes of the WAV file), in bytes. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MAX_AUDIO_BYTES: number = 25 * 1024 * 1024;

  /** Speech probability at or above which a 32 ms VAD frame counts as speech. */
  @Transform(toFloat)
  @IsNumber()
  @Min(0.05)
  @Max(0.95)
  VAD_THRESHOLD: number = 0.5;

  /** Consecutive silent frames (32 ms each) that end a sentence (interface §4.3.4: 20). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  VAD_SILENCE_FRAMES: number = 20;

  /** Audio kept before the first speech frame so first syllables are not cut, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(2000)
  VAD_PREROLL_MS: number = 192;

  /** A sentence longer than this is split, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(120_000)
  VAD_MAX_SENTENCE_MS: number = 15_000;

  // --- Transcription ---

  @Transform(trimmed)
  @IsEnum(AsrEngineName)
  ASR_ENGINE: AsrEngineName = AsrEngineName.Pocketsphinx;

  /** Time allowed to transcribe one segment, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  ASR_TIMEOUT_MS: number = 30_000;

  /** Pocketsphinx decoder processes (each holds the model, ~95 MiB resident). Default: the number of cores. */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(32)
  ASR_POOL_SIZE?: number;

  /** OpenAI-compatible transcription server, required when ASR_ENGINE=openai, e.g. http://127.0.0.1:8000/v1 */
  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  ASR_OPENAI_BASE_URL?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  ASR_OPENAI_API_KEY?: string;

  /** The transcription model the server serves, e.g. Systran/faster-whisper-small. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  ASR_OPENAI_MODEL?: string;

  // --- Speech synthesis ---

  @Transform(trimmed)
  @IsEnum(TtsEngineName)
  TTS_ENGINE: TtsEngineName = TtsEngineName.Embedded;

  /** Time allowed to synthesize one text, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  TTS_TIMEOUT_MS: number = 30_000;

  /** OpenAI-compatible speech server, required when TTS_ENGINE=openai, e.g. http://127.0.0.1:8000/v1 */
  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  TTS_OPENAI_BASE_URL?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  TTS_OPENAI_API_KEY?: string;

  /** The speech model the server serves, e.g. speaches-ai/Kokoro-82M-v1.0-ONNX or tts-1. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  TTS_OPENAI_MODEL?: string;

  /**
   * Voices of the server by language and gender, e.g. `en:female=af_heart,en:male=am_adam`;
   * exactly these are listed by GET /api/v1/synthetize/voices.
   */
  @Transform(trimmed)
  @IsOptional()
  @Matches(/^[a-z]{2}:(female|male)=[^,=\s]+(,[a-z]{2}:(female|male)=[^,=\s]+)*$/, {
    message: 'TTS_OPENAI_VOICES must look like en:female=af_heart,en:male=am_adam',
  })
  TTS_OPENAI_VOICES?: string;

  // --- Language operations (paraphrase, summarize, generate, structured summary) ---

  @Transform(trimmed)
  @IsEnum(LlmEngineName)
  LLM_ENGINE: LlmEngineName = LlmEngineName.Embedded;

  /** Time allowed for one language operation, in milliseconds (past it: 503). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  LLM_TIMEOUT_MS: number = 60_000;

  /** OpenAI-compatible chat server, required when LLM_ENGINE=openai (and for generate). */
  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  LLM_BASE_URL?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  LLM_API_KEY?: string;

  /** The chat model the server serves, e.g. Qwen/Qwen2.5-7B-Instruct. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  LLM_MODEL?: string;

  /** Most tokens one answer may have. */
  @Transform(toInt)
  @IsInt()
  @Min(16)
  @Max(32_768)
  LLM_MAX_TOKENS: number = 1024;

  // --- Real-time sessions (WebSocket /ws) ---

  /** Time a new connection has to send its handshake, in milliseconds (decisions §5.1). */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  @Max(300_000)
  HANDSHAKE_TIMEOUT_MS: number = 10_000;

  /**
   * Interval of the server's WebSocket pings, in ms. A connection that has not answered the
   * previous ping by the next one is dropped (a half-open connection), and the traffic keeps
   * proxies with idle timeouts from cutting quiet sessions.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  WS_PING_INTERVAL_MS: number = 30_000;

  /** Live sessions at once; one more is refused with close code 1013 (try again later). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  SESSION_MAX_LIVE: number = 32;

  /** Largest WebSocket message a client may send, in bytes (larger: close code 1009). */
  @Transform(toInt)
  @IsInt()
  @Min(16_384)
  @Max(67_108_864)
  WS_MAX_MESSAGE_BYTES: number = 1_048_576;

  /**
   * Messages queued towards a client that does not read them, in bytes, past which the session is
   * closed (code 1008), so a stalled client cannot grow the server's memory without bound.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1_048_576)
  @Max(1_073_741_824)
  WS_MAX_BUFFERED_BYTES: number = 33_554_432;

  /** A session with no audio and no message for this long ends, without archive, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  SESSION_IDLE_TIMEOUT_MS: number = 300_000;

  /** A session lasting this long ends (with its archive, as on conversation_exit), in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(10_000)
  @Max(86_400_000)
  SESSION_MAX_DURATION_MS: number = 7_200_000;

  /** Sentences of one session processed at the same time; later ones wait their turn. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(16)
  SESSION_PIPELINE_CONCURRENCY: number = 2;

  /**
   * Sentences of one session waiting for a pipeline, past which the server stops reading the
   * client's audio (TCP backpressure) until the backlog shrinks.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  SESSION_MAX_QUEUED_SENTENCES: number = 8;

  /** On conversation_exit, how long in-flight sentences may take to finish, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  SESSION_DRAIN_TIMEOUT_MS: number = 60_000;

  // --- Operations ---

  /** Time each probe of GET /health (a VAD and an ASR inference) may take, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  HEALTH_PROBE_TIMEOUT_MS: number = 5_000;

  /**
   * On SIGTERM, how long live sessions may take to finish their sentences and receive their
   * archive before the process exits, in milliseconds. Keep it under the orchestrator's own stop
   * timeout (Kubernetes terminationGracePeriodSeconds, systemd TimeoutStopSec).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_GRACE_MS: number = 25_000;

  // --- Security (docs/deployment.md, Security) ---

  /**
   * Reverse proxies whose `X-Forwarded-For` is believed, so that rate limits count the real
   * client: how many there are in front of the service (e.g. 1), or their addresses and subnets
   * (comma-separated; the names loopback, linklocal and uniquelocal are accepted). Unset: the
   * connection's peer is the client.
   */
  @Transform(trimmed)
  @IsOptional()
  @Validate(TrustProxySetting)
  TRUST_PROXY?: string;

  /** HTTP requests one client address may send within any minute (then 429); 0 turns it off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  RATE_LIMIT_PER_MINUTE: number = 600;

  /** New WebSocket connections one client address may open within any minute (then 429); 0: off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000)
  WS_CONNECTIONS_PER_MINUTE: number = 60;

  /** Web origins allowed to call the HTTP API from the browser (CORS); unset: none. */
  @Transform(trimmed)
  @IsOptional()
  @Validate(OriginList)
  CORS_ORIGINS?: string;

  /** Web origins whose pages may open sessions at /ws, besides the service's own; unset: none. */
  @Transform(trimmed)
  @IsOptional()
  @Validate(OriginList)
  WS_ALLOWED_ORIGINS?: string;

  get corsOrigins(): string[] {
    return parseOrigins(this.CORS_ORIGINS);
  }

  get wsAllowedOrigins(): string[] {
    return parseOrigins(this.WS_ALLOWED_ORIGINS);
  }

  get apiKeys(): string[] {
    return (this.API_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key.length > 0);
  }

  get authEnabled(): boolean {
    return this.apiKeys.length > 0;
  }

  get host(): string {
    return this.HOST ?? (this.authEnabled ? '0.0.0.0' : '127.0.0.1');
  }
}

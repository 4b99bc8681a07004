import { Transform } from 'class-transformer';
import { IsEnum, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';

export enum TranslationEngineName {
  Apertium = 'apertium',
  LibreTranslate = 'libretranslate',
  OpenAI = 'openai',
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;
const httpUrl = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

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

  /** Largest accepted JSON request body, in bytes. */
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

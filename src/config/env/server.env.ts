import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { LOG_LEVELS, type LogLevel } from '../engine-names.js';
import { toInt, trimmed } from './env-values.js';

/** The service itself: where it listens, who may call it, what it logs. */
export class ServerEnv {
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

import { Transform } from 'class-transformer';
import { IsEnum, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { toInt, trimmed, httpUrl } from './env-values.js';
import { LlmEngineName } from '../engine-names.js';
import { SpeechEnv } from './speech.env.js';

/** Language operations (paraphrase, summarize, generate, structured summary). */
export class LlmEnv extends SpeechEnv {
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
}

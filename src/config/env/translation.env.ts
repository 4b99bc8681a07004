import { Transform } from 'class-transformer';
import { IsEnum, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { toInt, trimmed, httpUrl } from './env-values.js';
import type { TermRow } from '../term-table.js';
import { TranslationEngineName } from '../engine-names.js';
import { ServerEnv } from './server.env.js';

/** Translation: the engine, its time limit and its settings, and the hospital glossary. */
export class TranslationEnv extends ServerEnv {
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

  /**
   * A hospital's own fixed phrases (YAML): added phrases, replaced translations, who reviewed
   * them. Read and checked at start (docs/phrasebook.md).
   */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  PHRASEBOOK_FILE?: string;

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
}

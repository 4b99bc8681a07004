import { readFileSync } from 'node:fs';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { AppConfig } from './app-config.js';
import { parseTermTable } from './term-table.js';

/** Thrown at boot when the environment is wrong; the message names each variable and what it accepts. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function describe(error: ValidationError): string {
  const accepted = Object.values(error.constraints ?? {}).join('; ');
  const shown = error.value === undefined ? 'unset' : JSON.stringify(error.value);
  return `${error.property} (currently ${shown}): ${accepted}`;
}

/** The names of every setting: the AppConfig fields (ES2022 class fields are own properties). */
const SETTINGS = Object.keys(new AppConfig());

/** Parses and validates the environment into one typed object. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, string> = {};
  for (const key of SETTINGS) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') raw[key] = value;
  }
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config);
  if (errors.length > 0) throw new ConfigError(errors.map(describe));
  crossCheck(config);
  if (config.GLOSSARY_FILE) config.glossaryRows = readGlossary(config.GLOSSARY_FILE);
  return config;
}

/** The glossary's rows; a file that cannot be read or used stops the start, naming the line. */
function readGlossary(path: string) {
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError([
      `GLOSSARY_FILE (currently ${JSON.stringify(path)}): cannot be read (${reason}); give the path of a TSV or CSV file the service's user can read.`,
    ]);
  }
  try {
    return parseTermTable(content, path);
  } catch (error) {
    throw new ConfigError([
      `GLOSSARY_FILE: ${(error as Error).message} See docs/translation.md (hospital glossary).`,
    ]);
  }
}

/** Rules that involve more than one variable. */
function crossCheck(config: AppConfig): void {
  const problems: string[] = [];
  if (config.TRANSLATION_ENGINE === 'libretranslate' && !config.LIBRETRANSLATE_URL) {
    problems.push(
      'LIBRETRANSLATE_URL (currently unset): required when TRANSLATION_ENGINE=libretranslate, e.g. http://127.0.0.1:5000',
    );
  }
  if (config.TRANSLATION_ENGINE === 'openai') {
    if (!config.TRANSLATION_OPENAI_BASE_URL)
      problems.push(
        'TRANSLATION_OPENAI_BASE_URL (currently unset): required when TRANSLATION_ENGINE=openai, e.g. http://127.0.0.1:8000/v1',
      );
    if (!config.TRANSLATION_OPENAI_MODEL)
      problems.push(
        'TRANSLATION_OPENAI_MODEL (currently unset): required when TRANSLATION_ENGINE=openai, the model name the server serves',
      );
  }
  const remote: Array<[string, string, Array<keyof AppConfig>]> = [
    ['ASR_ENGINE', 'openai', ['ASR_OPENAI_BASE_URL', 'ASR_OPENAI_MODEL']],
    ['TTS_ENGINE', 'openai', ['TTS_OPENAI_BASE_URL', 'TTS_OPENAI_MODEL', 'TTS_OPENAI_VOICES']],
    ['LLM_ENGINE', 'openai', ['LLM_BASE_URL', 'LLM_MODEL']],
  ];
  for (const [setting, value, required] of remote) {
    if (config[setting as keyof AppConfig] !== value) continue;
    for (const name of required) {
      if (!config[name])
        problems.push(`${name} (currently unset): required when ${setting}=${value}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

import { SecurityEnv } from './env/security.env.js';

export {
  AsrEngineName,
  LlmEngineName,
  LOG_LEVELS,
  type LogLevel,
  TranslationEngineName,
  TtsEngineName,
  VoiceCheck,
} from './engine-names.js';

/**
 * Every setting of the service, read from the environment once at boot and validated.
 * Property names are the environment variable names, so an error message names the variable.
 * `.env.example` documents each one; keep the two in step.
 *
 * The settings are declared by area in ./env/, each class extending the one before in the order
 * of `.env.example` (server, translation, speech, llm, session, operations, security): the
 * validator reads the inherited declarations, and this order keeps the settings' order (and so
 * the order of the problems a wrong environment reports) as one class declared them.
 */
export class AppConfig extends SecurityEnv {}

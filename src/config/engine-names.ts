/** The engines a setting can choose, and the log levels: the values of the enum settings. */

export enum TranslationEngineName {
  Apertium = 'apertium',
  LibreTranslate = 'libretranslate',
  OpenAI = 'openai',
}

export enum AsrEngineName {
  Pocketsphinx = 'pocketsphinx',
  /** Moonshine tiny in worker threads: English, whole sentences, far fewer errors on real voices. */
  Moonshine = 'moonshine',
  /** Moonshine decides, pocketsphinx with the clinical language model proposes its words. */
  MoonshinePocketsphinx = 'moonshine+pocketsphinx',
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

/** When espeak-ng's voices are checked (docs/speech.md). */
export enum VoiceCheck {
  /** Once by the set-up; a start reads its table while espeak-ng and the check are the same. */
  Setup = 'setup',
  /** At every start, in the background (some 250 espeak-ng runs). */
  Start = 'start',
}

import OpenAI from 'openai';
import {
  EngineOutputRejectedError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import {
  openAiFailure,
  openAiSettingHints,
  type OpenAiErrorHints,
} from '../../common/errors/openai-errors.js';
import { createOpenAiClient } from '../../common/openai-client.js';
import { field } from '../../common/errors/remote-error-text.js';
import { CatalogLanguage } from '../catalog/catalog-language.js';
import { buildTranslationSystemPrompt } from './openai-translation.prompt.js';
import { EngineTranslation, TranslationEngine } from './translation-engine.js';

const SETTINGS = {
  baseUrl: 'TRANSLATION_OPENAI_BASE_URL',
  apiKey: 'TRANSLATION_OPENAI_API_KEY',
  model: 'TRANSLATION_OPENAI_MODEL',
  timeout: 'TRANSLATION_TIMEOUT_MS',
};

const SERVICE = 'Translation';
const ENGINE = 'openai';
const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ['“', '”'],
  ['„', '“'],
  ['«', '»'],
  ['「', '」'],
  ['‘', '’'],
  ["'", "'"],
];

export interface OpenAiTranslationOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly model: string;
  readonly timeoutMs: number;
}

function isQuoted(text: string): boolean {
  return QUOTE_PAIRS.some(([open, close]) => text.startsWith(open) && text.endsWith(close));
}

/** Removes a fence or a pair of quotes the model wrapped its answer in, unless the source had them. */
function unwrap(answer: string, source: string): string {
  const original = source.trim();
  // Reasoning models served without a reasoning parser put their thoughts first.
  let text = answer.replace(/^\s*<think>[\s\S]*?<\/think>/, '').trim();
  const fence = /^```[^\n`]*\n([\s\S]*?)\n?```$/.exec(text);
  if (fence && !original.startsWith('```')) text = fence[1].trim();
  if (isQuoted(original)) return text;
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length < open.length + close.length) continue;
    const inner = text.slice(open.length, -close.length);
    const wrapped = text.startsWith(open) && text.endsWith(close);
    if (wrapped && !inner.includes(open) && !inner.includes(close)) return inner.trim();
  }
  return text;
}

/** Adapter for any OpenAI-compatible chat completions server (OpenAI, vLLM, Ollama, llama.cpp…). */
export class OpenAiTranslationEngine implements TranslationEngine {
  readonly name = ENGINE;
  private readonly client: OpenAI;
  private readonly hints: OpenAiErrorHints;
  private readonly codes: ReadonlySet<string>;

  constructor(
    private readonly options: OpenAiTranslationOptions,
    languages: readonly CatalogLanguage[],
  ) {
    this.client = createOpenAiClient(options);
    this.hints = openAiSettingHints(SETTINGS, options);
    this.codes = new Set(languages.map((language) => language.code));
  }

  /** An LLM can attempt any language; the service's output checks judge the result. */
  availableCodes(): Promise<ReadonlySet<string>> {
    return Promise.resolve(this.codes);
  }

  async translate(
    { text, source, target }: EngineTranslation,
    signal: AbortSignal,
  ): Promise<string> {
    const started = Date.now();
    let completion: unknown;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          temperature: 0,
          messages: [
            { role: 'system', content: buildTranslationSystemPrompt(source, target) },
            { role: 'user', content: text },
          ],
        },
        { signal },
      );
    } catch (error) {
      throw openAiFailure(error, {
        service: SERVICE,
        engine: ENGINE,
        timeoutMs: this.options.timeoutMs,
        signal,
        started,
        text,
        hints: this.hints,
      });
    }
    return this.answer(completion, text);
  }

  private answer(completion: unknown, text: string): string {
    const choice = field(field(completion, 'choices'), 0);
    if (choice === undefined) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        'answered without a chat completion choice.',
        this.hints.url(),
      );
    }
    const finish = field(choice, 'finish_reason');
    if (finish === 'length' || finish === 'content_filter') {
      // A cut or filtered medical translation may silently lose a dose or a negation.
      throw new EngineOutputRejectedError(
        SERVICE,
        ENGINE,
        `the model did not finish the translation (finish_reason ${finish}).`,
        finish === 'length'
          ? `Check the output token limit the server allows TRANSLATION_OPENAI_MODEL (${this.options.model}).`
          : undefined,
      );
    }
    const content = field(field(choice, 'message'), 'content');
    const translation = typeof content === 'string' ? unwrap(content, text) : '';
    if (!translation) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        'the model returned an empty translation.',
        `Check TRANSLATION_OPENAI_MODEL (${this.options.model}) is an instruction-following chat model.`,
      );
    }
    return translation;
  }
}

import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import {
  EngineError,
  EngineOutputRejectedError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import { isDeadline } from '../../common/timeout/with-timeout.js';
import { CatalogLanguage } from '../catalog/catalog-language.js';
import { buildTranslationSystemPrompt } from './openai-translation.prompt.js';
import { EngineTranslation, TranslationEngine } from './translation-engine.js';

const SERVICE = 'Translation';
const ENGINE = 'openai';
const MAX_SERVER_ERROR_CHARS = 200;
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

function field(value: unknown, key: string | number): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string | number, unknown>)[key]
    : undefined;
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

/** The server's error message, shortened, and never echoing the (medical) text sent. */
function serverError(error: unknown, text: string): string {
  const raw = field(error, 'message');
  if (typeof raw !== 'string' || raw.trim() === '') return '';
  const message = text.trim() ? raw.split(text).join('[text]') : raw;
  const short =
    message.length > MAX_SERVER_ERROR_CHARS
      ? `${message.slice(0, MAX_SERVER_ERROR_CHARS)}…`
      : message;
  return short;
}

/** The socket error code (ECONNREFUSED, ENOTFOUND…) somewhere down the cause chain. */
function networkCode(error: unknown): string {
  for (let cause = error, depth = 0; cause && depth < 4; cause = field(cause, 'cause'), depth++) {
    const code = field(cause, 'code');
    if (typeof code === 'string') return ` (${code})`;
  }
  return '';
}

/** Adapter for any OpenAI-compatible chat completions server (OpenAI, vLLM, Ollama, llama.cpp…). */
export class OpenAiTranslationEngine implements TranslationEngine {
  readonly name = ENGINE;
  private readonly client: OpenAI;
  private readonly codes: ReadonlySet<string>;

  constructor(
    private readonly options: OpenAiTranslationOptions,
    languages: readonly CatalogLanguage[],
  ) {
    // Self-hosted servers often need no key, but the client insists on one. Retries stay with the caller.
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey || 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
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
      throw this.failure(error, text, signal, started);
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
        this.urlHint(),
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

  private failure(error: unknown, text: string, signal: AbortSignal, started: number): EngineError {
    if (signal.aborted || error instanceof APIUserAbortError) {
      const ms = Date.now() - started;
      // The service aborts with a TimeoutError reason when its deadline passes.
      const message = isDeadline(signal.reason)
        ? `did not answer within ${this.options.timeoutMs} ms.`
        : `was cancelled after ${ms} ms.`;
      return new EngineTimeoutError(SERVICE, ENGINE, message, this.timeoutHint());
    }
    // The client reports its own timeout as a plain connection error when the fetch abort comes
    // from another realm (e.g. under jest), so elapsed time decides too.
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
      const message = `answered HTTP ${status}.`;
      const hint =
        status === 401 || status === 403
          ? this.keyHint()
          : status === 404
            ? this.modelHint()
            : undefined;
      const remote = serverError(error.error, text);
      return new EngineUnavailableError(SERVICE, ENGINE, message, hint, remote);
    }
    // E.g. a 2xx whose JSON body does not parse: never surface the raw error, it may quote the body.
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
    return `Check TRANSLATION_OPENAI_BASE_URL (${this.shownUrl}) points to a running OpenAI-compatible server, usually ending in /v1.`;
  }

  private keyHint(): string {
    return this.options.apiKey
      ? 'Check TRANSLATION_OPENAI_API_KEY: the server rejected it.'
      : 'Set TRANSLATION_OPENAI_API_KEY: the server requires an API key.';
  }

  private modelHint(): string {
    return `TRANSLATION_OPENAI_MODEL (${this.options.model}) may not be served at TRANSLATION_OPENAI_BASE_URL (${this.shownUrl}); its /models lists what is.`;
  }

  private timeoutHint(): string {
    return `Raise TRANSLATION_TIMEOUT_MS (currently ${this.options.timeoutMs}) or check the server at TRANSLATION_OPENAI_BASE_URL (${this.shownUrl}) is not overloaded.`;
  }
}

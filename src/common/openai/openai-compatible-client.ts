import OpenAI, { type APIError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { EngineUnavailableError } from '../errors/engine.errors.js';
import { field } from '../errors/remote-error-text.js';
import {
  openAiFailure,
  openAiSettingHints,
  type OpenAiErrorHints,
  type OpenAiSettingNames,
  type OpenAiSettings,
} from './openai-errors.js';

/** Which adapter talks to which server: the names its errors use and the settings it runs on. */
export interface OpenAiEndpoint {
  /** Capability, e.g. `Translation`. */
  readonly service: string;
  /** Engine name, e.g. `openai`. */
  readonly engine: string;
  /** The environment variables the settings come from, named in the hints. */
  readonly names: OpenAiSettingNames;
  readonly settings: OpenAiSettings;
}

/** One request's particulars, for the error should it fail. */
export interface OpenAiRequest {
  /** The caller's signal (the service's deadline), passed to the client. */
  readonly signal: AbortSignal;
  /** The text sent, never echoed back in the server's error. */
  readonly text?: string;
  /** Hints of this request that differ from the adapter's (e.g. naming the voice asked for). */
  readonly hints?: Partial<OpenAiErrorHints>;
  /** What the server said in an HTTP error; by default the `message` of its `{ error }` body. */
  readonly serverMessage?: (error: APIError) => unknown;
}

/** The first choice of a chat completion, unchecked beyond its existence. */
export interface ChatChoice {
  /** e.g. `stop`, `length`, `content_filter`; whatever the server sent. */
  readonly finishReason: unknown;
  /** The message content; empty when the server sent none or not a string. */
  readonly content: string;
}

/**
 * The official client as every OpenAI-compatible adapter (chat for LLM and translation,
 * transcription, speech) uses it. Self-hosted servers often need no key but the client insists
 * on one, and retries stay with the caller (maxRetries 0), so a deadline is never spent twice.
 * Whatever a request throws becomes the EngineError that says why, with the adapter's hints.
 */
export class OpenAiCompatibleClient {
  /** The adapter's hints, naming its settings: for the errors the adapter raises itself. */
  readonly hints: OpenAiErrorHints;
  private readonly api: OpenAI;

  constructor(private readonly endpoint: OpenAiEndpoint) {
    const { baseUrl, apiKey, timeoutMs } = endpoint.settings;
    this.api = new OpenAI({
      baseURL: baseUrl,
      apiKey: apiKey || 'not-needed',
      timeout: timeoutMs,
      maxRetries: 0,
    });
    this.hints = openAiSettingHints(endpoint.names, endpoint.settings);
  }

  /** Runs `send` with the client; what it throws becomes the EngineError of openAiFailure. */
  async request<T>(request: OpenAiRequest, send: (api: OpenAI) => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await send(this.api);
    } catch (error) {
      const { service, engine, settings } = this.endpoint;
      throw openAiFailure(error, {
        service,
        engine,
        timeoutMs: settings.timeoutMs,
        signal: request.signal,
        started,
        text: request.text,
        serverMessage: request.serverMessage,
        hints: { ...this.hints, ...request.hints },
      });
    }
  }

  /** One chat completion: its first choice, or an EngineUnavailableError when it has none. */
  async chat(
    body: Omit<ChatCompletionCreateParamsNonStreaming, 'model'>,
    request: OpenAiRequest,
  ): Promise<ChatChoice> {
    const model = this.endpoint.settings.model;
    const completion: unknown = await this.request(request, (api) =>
      api.chat.completions.create({ model, ...body }, { signal: request.signal }),
    );
    const choice = field(field(completion, 'choices'), 0);
    if (choice === undefined) {
      const { service, engine } = this.endpoint;
      throw new EngineUnavailableError(
        service,
        engine,
        'answered without a chat completion choice.',
        this.hints.url(),
      );
    }
    const content = field(field(choice, 'message'), 'content');
    return {
      finishReason: field(choice, 'finish_reason'),
      content: typeof content === 'string' ? content : '',
    };
  }
}

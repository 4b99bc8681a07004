import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { isDeadline } from '../timeout/with-timeout.js';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../errors/engine.errors.js';
import {
  apiKeyHint,
  field,
  networkCode,
  serverErrorText,
  withoutCredentials,
} from '../errors/remote-error-text.js';

/** The adapter's hints, naming its settings; asked for only when the failure needs one. */
export interface OpenAiErrorHints {
  /** Check the base URL: for an unreachable server or an unreadable answer. */
  readonly url: () => string;
  /** For HTTP 401 and 403. */
  readonly key: () => string;
  /** For HTTP 404. */
  readonly model: () => string;
  /** For a passed deadline. */
  readonly timeout: () => string;
  /** For any other HTTP status the adapter has a hint for. */
  readonly status?: (status: number | undefined) => string | undefined;
  /** For a 5xx the adapter has no hint of its own for: the server failed on its side. */
  readonly serverError?: () => string;
}

/** The environment variables an OpenAI-compatible adapter is configured by. */
export interface OpenAiSettingNames {
  /** e.g. `LLM_BASE_URL`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  /** e.g. `LLM_TIMEOUT_MS`. */
  readonly timeout: string;
  /** What kind of server the URL should point to, e.g. `transcription`; omitted: any. */
  readonly serverKind?: string;
}

/** Their values. */
export interface OpenAiSettings {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly model: string;
  readonly timeoutMs: number;
}

/** The hints of an adapter, naming its own settings and their values (credentials removed). */
export function openAiSettingHints(
  names: OpenAiSettingNames,
  settings: OpenAiSettings,
): OpenAiErrorHints {
  const url = withoutCredentials(settings.baseUrl);
  const server = names.serverKind ? `${names.serverKind} server` : 'server';
  return {
    url: () =>
      `Check ${names.baseUrl} (${url}) points to a running OpenAI-compatible ${server}, usually ending in /v1.`,
    key: () => apiKeyHint(names.apiKey, settings.apiKey),
    model: () =>
      `${names.model} (${settings.model}) may not be served at ${names.baseUrl} (${url}); its /models lists what is.`,
    timeout: () =>
      `Raise ${names.timeout} (currently ${settings.timeoutMs}) or check the server at ${names.baseUrl} (${url}) is not overloaded.`,
    serverError: () =>
      `The ${server} at ${names.baseUrl} (${url}) failed on its side: its own logs say why.`,
  };
}

/** One failed request of an `openai` client made with `maxRetries: 0` and `timeout: timeoutMs`. */
export interface OpenAiFailedCall {
  /** Capability, e.g. `Translation`. */
  readonly service: string;
  /** Engine name, e.g. `openai`. */
  readonly engine: string;
  readonly timeoutMs: number;
  /** The caller's signal, as passed to the client. */
  readonly signal: AbortSignal;
  /** `Date.now()` when the request started. */
  readonly started: number;
  readonly hints: OpenAiErrorHints;
  /** The text sent, never echoed back in the server's error. */
  readonly text?: string;
  /** What the server said in an HTTP error; by default the `message` of its `{ error }` body. */
  readonly serverMessage?: (error: APIError) => unknown;
}

const errorBodyMessage = (error: APIError): unknown => field(error.error, 'message');

/** The EngineError for what an `openai` client request threw. */
export function openAiFailure(error: unknown, call: OpenAiFailedCall): EngineError {
  const { service, engine, timeoutMs, signal, started, hints } = call;
  if (signal.aborted || error instanceof APIUserAbortError) {
    // The service aborts with a TimeoutError reason when its deadline passes.
    const message = isDeadline(signal.reason)
      ? `did not answer within ${timeoutMs} ms.`
      : `was cancelled after ${Date.now() - started} ms.`;
    return new EngineTimeoutError(service, engine, message, hints.timeout());
  }
  // The client reports its own timeout as a plain connection error when the fetch abort comes
  // from another realm, so elapsed time decides too.
  const late = Date.now() - started >= timeoutMs;
  if (error instanceof APIConnectionTimeoutError || (error instanceof APIConnectionError && late)) {
    const message = `did not answer within ${timeoutMs} ms.`;
    return new EngineTimeoutError(service, engine, message, hints.timeout());
  }
  if (error instanceof APIConnectionError) {
    const code = networkCode(error);
    const message = `could not be reached${code === undefined ? '' : ` (${code})`}.`;
    return new EngineUnavailableError(service, engine, message, hints.url());
  }
  if (error instanceof APIError) {
    const { status } = error;
    const hint =
      status === 401 || status === 403
        ? hints.key()
        : status === 404
          ? hints.model()
          : (hints.status?.(status) ??
            (status !== undefined && status >= 500 ? hints.serverError?.() : undefined));
    const remote = serverErrorText((call.serverMessage ?? errorBodyMessage)(error), call.text);
    return new EngineUnavailableError(service, engine, `answered HTTP ${status}.`, hint, remote);
  }
  // E.g. a 2xx whose JSON does not parse, or a body that broke off: never surface the raw error,
  // it may quote the body or the request.
  const name = field(error, 'name');
  const kind = typeof name === 'string' ? name : 'error';
  return new EngineUnavailableError(
    service,
    engine,
    `answered with an unreadable body (${kind}).`,
    hints.url(),
  );
}

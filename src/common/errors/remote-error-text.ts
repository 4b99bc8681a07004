/**
 * Small helpers for the adapters of remote engines (HTTP servers): reading untyped answers and
 * errors, and wording what goes into an EngineError without leaking the text sent or credentials.
 */

const MAX_SERVER_ERROR_CHARS = 200;

/** `value[key]` when value is an object (or an array), else undefined: for untyped JSON and errors. */
export function field(value: unknown, key: string | number): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string | number, unknown>)[key]
    : undefined;
}

/**
 * A server's error text as shown to the client (an EngineError's `remote`): '' when there is none,
 * shortened to 200 characters, and never echoing the (medical) text sent, which reads `[text]`.
 */
export function serverErrorText(message: unknown, text?: string): string {
  if (typeof message !== 'string' || message.trim() === '') return '';
  const cleaned = text?.trim() ? message.split(text).join('[text]') : message;
  return cleaned.length > MAX_SERVER_ERROR_CHARS
    ? `${cleaned.slice(0, MAX_SERVER_ERROR_CHARS)}…`
    : cleaned;
}

/** The socket error code (ECONNREFUSED, ENOTFOUND…) somewhere down the cause chain (4 deep). */
export function networkCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 4; cause = field(cause, 'cause'), depth++) {
    const code = field(cause, 'code');
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A configured URL as a hint may show it: minus any user name and password embedded in it. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The hint for a refused request: check the key that is set, or set the one the server requires. */
export function apiKeyHint(setting: string, apiKey: string | undefined): string {
  return apiKey
    ? `Check ${setting}: the server rejected it.`
    : `Set ${setting}: the server requires an API key.`;
}

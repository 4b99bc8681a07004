import { IncomingMessage, ServerResponse } from 'node:http';
import {
  FakeHttpRequest,
  ForcedReply,
  forcedReply,
  jsonOrText,
  readCall,
  startFakeHttpServer,
  writeReply,
} from './fake-http-server.js';

/**
 * A LibreTranslate stand-in for tests: GET /languages and POST /translate answered with the same
 * shapes, status codes and `error` texts as the real server (libretranslate/app.py).
 */

export interface FakeLibreLanguage {
  readonly code: string;
  readonly name: string;
  /** Defaults to every other listed code. */
  readonly targets?: readonly string[];
}

export interface FakeRequest extends FakeHttpRequest {
  /** Parsed JSON (or form fields) when possible, else the raw text. */
  readonly body: unknown;
}

/** Objects are sent as JSON, strings as they are (for malformed bodies). */
export type FakeReply = ForcedReply;

export interface FakeLibreTranslateOptions {
  languages: readonly FakeLibreLanguage[];
  /** When set, /translate requires this api_key: a wrong one gets 403, none gets 400. */
  apiKey?: string;
  translate: (q: string, source: string, target: string) => string;
  /** Forced answer instead of the normal behaviour. */
  reply?: FakeReply;
  /** Wait before answering any request, to provoke client timeouts. */
  delayMs: number;
}

export interface FakeLibreTranslate {
  /** Base URL, e.g. `http://127.0.0.1:41234`: the LIBRETRANSLATE_URL to use. */
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Changes some options; `{ reply: undefined }` removes a forced reply. */
  set(options: Partial<FakeLibreTranslateOptions>): void;
  close(): Promise<void>;
}

export const FAKE_LIBRE_LANGUAGES: readonly FakeLibreLanguage[] = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'es', name: 'Spanish' },
  { code: 'de', name: 'German' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ar', name: 'Arabic' },
  { code: 'zh-Hans', name: 'Chinese' },
  { code: 'zh-Hant', name: 'Chinese (traditional)' },
];

const defaults = (): FakeLibreTranslateOptions => ({
  languages: FAKE_LIBRE_LANGUAGES,
  translate: (q, _source, target) => `[${target}] ${q}`,
  delayMs: 0,
});

function parseBody(raw: string, contentType = ''): unknown {
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  return jsonOrText(raw);
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
) {
  writeReply(res, status, body, { 'content-type': contentType });
}

export async function startFakeLibreTranslate(
  initial: Partial<FakeLibreTranslateOptions> = {},
): Promise<FakeLibreTranslate> {
  const options: FakeLibreTranslateOptions = { ...defaults(), ...initial };
  const requests: FakeRequest[] = [];

  const targetsOf = (language: FakeLibreLanguage) =>
    language.targets ?? options.languages.map((l) => l.code).filter((c) => c !== language.code);

  function translate(body: unknown, res: ServerResponse) {
    if (body === null || typeof body !== 'object')
      return send(res, 400, { error: 'Invalid JSON format' });
    const { q, source, target, format, api_key } = body as Record<string, unknown>;
    if (options.apiKey !== undefined) {
      if (api_key && api_key !== options.apiKey)
        return send(res, 403, { error: 'Invalid API key' });
      if (!api_key) {
        return send(res, 400, { error: 'Please contact the server operator to get an API key' });
      }
    }
    for (const [name, value] of Object.entries({ q, source, target })) {
      if (!value) return send(res, 400, { error: `Invalid request: missing ${name} parameter` });
    }
    const from = options.languages.find((l) => l.code === source);
    if (!from) return send(res, 400, { error: `${String(source)} is not supported` });
    const to = options.languages.find((l) => l.code === target);
    if (!to) return send(res, 400, { error: `${String(target)} is not supported` });
    if (format !== undefined && format !== 'text' && format !== 'html') {
      return send(res, 400, { error: `${String(format)} format is not supported` });
    }
    if (!targetsOf(from).includes(to.code)) {
      const error = `${to.name} (${to.code}) is not available as a target language from ${from.name} (${from.code})`;
      return send(res, 400, { error });
    }
    try {
      const one = (text: unknown) => options.translate(String(text), from.code, to.code);
      send(res, 200, { translatedText: Array.isArray(q) ? q.map(one) : one(q) });
    } catch (error) {
      send(res, 500, { error: `Cannot translate text: ${(error as Error).message}` });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { method, path, headers, raw } = await readCall(req);
    const body = parseBody(raw.toString('utf8'), headers['content-type']);
    requests.push({ method, path, headers, body });
    if (options.delayMs > 0) await server.sleep(options.delayMs);

    const reply = forcedReply(options.reply, path);
    if (reply) return send(res, reply.status, reply.body, reply.contentType);
    if (method === 'GET' && path === '/languages') {
      const list = options.languages.map((l) => ({
        code: l.code,
        name: l.name,
        targets: targetsOf(l),
      }));
      return send(res, 200, list);
    }
    if (method === 'POST' && path === '/translate') return translate(body, res);
    send(res, 404, '<!doctype html><title>404 Not Found</title>', 'text/html');
  }

  const server = await startFakeHttpServer(handle, (res) =>
    send(res, 500, { error: 'fake server failure' }),
  );
  return {
    url: server.origin,
    requests,
    set: (changes) => Object.assign(options, changes),
    close: server.close,
  };
}

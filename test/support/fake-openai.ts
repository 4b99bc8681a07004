import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import {
  FakeHttpRequest,
  ForcedReply,
  forcedReply,
  jsonOrText,
  openAiKeyRejection,
  openAiRequestId,
  readCall,
  startFakeHttpServer,
  writeReply,
} from './fake-http-server.js';

/**
 * An OpenAI-compatible stand-in for tests: POST /v1/chat/completions and GET /v1/models answered
 * with the bodies and `{ error: { message, type, param, code } }` errors of the public API.
 */

export interface FakeOpenAiRequest extends FakeHttpRequest {
  /** Parsed JSON when possible, else the raw text. */
  readonly body: unknown;
}

/** Objects are sent as JSON, strings as they are; `path` e.g. `/v1/chat/completions`. */
export type FakeOpenAiReply = ForcedReply;

export interface FakeChat {
  readonly model: string;
  /** The system message, i.e. the translation prompt. */
  readonly system: string;
  readonly body: Record<string, unknown>;
}

export interface FakeOpenAiOptions {
  /** Model ids served; any other gets 404 model_not_found. */
  models: readonly string[];
  /** When set, requests need `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** The assistant's answer to the last user message. */
  translate: (text: string, chat: FakeChat) => string;
  /** Forced answer instead of the normal behaviour. */
  reply?: FakeOpenAiReply;
  /** Wait before answering any request, to provoke client timeouts. */
  delayMs: number;
}

export interface FakeOpenAi {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:41234/v1`: the TRANSLATION_OPENAI_BASE_URL to use. */
  readonly url: string;
  readonly requests: FakeOpenAiRequest[];
  /** Changes some options; `{ reply: undefined }` removes a forced reply. */
  set(options: Partial<FakeOpenAiOptions>): void;
  /** Down: connections are refused (ECONNREFUSED) until `acceptConnections`. */
  refuseConnections(): Promise<void>;
  /** Up again on the same URL. */
  acceptConnections(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_OPENAI_MODEL = 'fake-translator';

/** A chat completion with one choice, for a test to force (`reply`): `content` and how it ended. */
export const chatCompletion = (content: unknown, finishReason = 'stop') => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: FAKE_OPENAI_MODEL,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
});

const defaults = (): FakeOpenAiOptions => ({
  models: [FAKE_OPENAI_MODEL],
  translate: (text) => `[openai] ${text}`,
  delayMs: 0,
});

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
) {
  writeReply(res, status, body, { 'content-type': contentType, ...openAiRequestId() });
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string | null = null,
) {
  send(res, status, { error: { message, type: 'invalid_request_error', param: null, code } });
}

/** Message content is a string or an array of `{ type: 'text', text }` parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
    .join('');
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export async function startFakeOpenAi(
  initial: Partial<FakeOpenAiOptions> = {},
): Promise<FakeOpenAi> {
  const options: FakeOpenAiOptions = { ...defaults(), ...initial };
  const requests: FakeOpenAiRequest[] = [];
  const created = Math.floor(Date.now() / 1000);

  const model = (id: string) => ({ id, object: 'model', created, owned_by: 'fake' });

  function chat(body: unknown, res: ServerResponse) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return sendError(res, 400, 'We could not parse the JSON body of your request.');
    }
    const request = body as Record<string, unknown>;
    if (typeof request.model !== 'string')
      return sendError(res, 400, 'you must provide a model parameter');
    if (!Array.isArray(request.messages)) {
      return sendError(
        res,
        400,
        "Missing required parameter: 'messages'.",
        'missing_required_parameter',
      );
    }
    if (!options.models.includes(request.model)) {
      const message = `The model \`${request.model}\` does not exist or you do not have access to it.`;
      return sendError(res, 404, message, 'model_not_found');
    }
    const messages = request.messages as { role?: unknown; content?: unknown }[];
    const system = contentText(messages.find((m) => m.role === 'system')?.content);
    const text = contentText(messages.filter((m) => m.role === 'user').at(-1)?.content);
    const content = options.translate(text, { model: request.model, system, body: request });
    const prompt = tokens(messages.map((m) => contentText(m.content)).join(''));
    const completion = tokens(content);
    send(res, 200, {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
      },
      service_tier: 'default',
      system_fingerprint: 'fp_fake',
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { method, path, headers, raw } = await readCall(req);
    const body = jsonOrText(raw.toString('utf8'));
    requests.push({ method, path, headers, body });
    if (options.delayMs > 0) await server.sleep(options.delayMs);

    const reply = forcedReply(options.reply, path);
    if (reply) return send(res, reply.status, reply.body, reply.contentType);
    const denied = openAiKeyRejection(headers, options.apiKey);
    if (denied) return sendError(res, 401, denied.message, denied.code);
    if (method === 'POST' && path === '/v1/chat/completions') return chat(body, res);
    if (method === 'GET' && path === '/v1/models') {
      return send(res, 200, { object: 'list', data: options.models.map(model) });
    }
    const id = /^\/v1\/models\/(.+)$/.exec(path)?.[1];
    if (method === 'GET' && id && options.models.includes(decodeURIComponent(id))) {
      return send(res, 200, model(decodeURIComponent(id)));
    }
    sendError(res, 404, `Invalid URL (${method} ${path})`);
  }

  const server = await startFakeHttpServer(handle, (res) =>
    sendError(res, 500, 'The fake server had an error.'),
  );
  return {
    url: `${server.origin}/v1`,
    requests,
    set: (changes) => Object.assign(options, changes),
    refuseConnections: server.refuseConnections,
    acceptConnections: server.acceptConnections,
    close: server.close,
  };
}

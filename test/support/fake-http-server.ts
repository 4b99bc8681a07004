import { randomBytes } from 'node:crypto';
import {
  createServer,
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * The HTTP plumbing the loopback fakes (fake-libretranslate, fake-openai, fake-openai-audio)
 * share: a server on 127.0.0.1 with a free port, body reading, replies, delays, forced replies
 * and a close that also stops pending delays and open connections.
 */

/** A request as the fakes record it: at least these fields. */
export interface FakeHttpRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

/** An incoming request with its whole raw body read. */
export interface IncomingCall extends FakeHttpRequest {
  readonly raw: Buffer;
}

/** A forced answer instead of a fake's normal behaviour. */
export interface ForcedReply {
  readonly status: number;
  /** Objects are sent as JSON, strings (and buffers) as they are. */
  readonly body: unknown;
  /** Only requests to this path get the reply; every request when omitted. */
  readonly path?: string;
  readonly contentType?: string;
}

export interface FakeHttpServer {
  /** e.g. `http://127.0.0.1:41234`. */
  readonly origin: string;
  /** Waits `ms`; cut short (never resolved) by close. */
  sleep(ms: number): Promise<void>;
  /**
   * Stops listening and drops open connections, as a server that is down: clients get
   * ECONNREFUSED until `acceptConnections`. The port is free meanwhile (another process could take
   * it, which on loopback during a test is unlikely).
   */
  refuseConnections(): Promise<void>;
  /** Listens again on the same port; nothing to do when listening. */
  acceptConnections(): Promise<void>;
  close(): Promise<void>;
}

/** Reads the method, path, headers and whole body of a request. */
export async function readCall(req: IncomingMessage): Promise<IncomingCall> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return {
    method: req.method ?? 'GET',
    path: new URL(req.url ?? '/', 'http://fake').pathname,
    headers: req.headers,
    raw: Buffer.concat(chunks),
  };
}

/** Parsed JSON when possible, else the text itself. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The forced reply that applies to a request to `path`, if any. */
export function forcedReply<R extends ForcedReply>(reply: R | undefined, path: string) {
  return reply && (reply.path === undefined || reply.path === path) ? reply : undefined;
}

/** Writes a reply unless the client is gone: buffers and strings as they are, others as JSON. */
export function writeReply(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders,
): void {
  if (res.destroyed) return;
  res.writeHead(status, headers);
  res.end(Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body));
}

/** A fresh `x-request-id` header, as OpenAI sends on every answer. */
export const openAiRequestId = () => ({ 'x-request-id': `req_${randomBytes(8).toString('hex')}` });

/** The 401 an OpenAI server gives when the request lacks `Bearer <apiKey>`; undefined when it has it. */
export function openAiKeyRejection(
  headers: IncomingHttpHeaders,
  apiKey: string | undefined,
): { message: string; code: string | null } | undefined {
  if (apiKey === undefined || headers.authorization === `Bearer ${apiKey}`) return undefined;
  return headers.authorization
    ? {
        message:
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        code: 'invalid_api_key',
      }
    : { message: "You didn't provide an API key.", code: null };
}

/**
 * Starts a server on 127.0.0.1 with a free port. `handle` answers each request; when it throws,
 * `fail` answers instead.
 */
export async function startFakeHttpServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  fail: (res: ServerResponse) => void,
): Promise<FakeHttpServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    handle(req, res).catch(() => fail(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
        timers.add(timer);
      }),
    refuseConnections: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    acceptConnections: () =>
      new Promise<void>((resolve, reject) => {
        if (server.listening) return resolve();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach(clearTimeout);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

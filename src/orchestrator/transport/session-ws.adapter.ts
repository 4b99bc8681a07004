import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { normalizeIp } from '@nestjs/throttler';
import { ApiKeyVerifier } from '../../common/auth/api-key.verifier.js';
import { clientAddress } from '../../common/security/client-address.js';
import type { TrustProxy } from '../../config/security/trust-proxy.js';
import { ConnectionRateLimiter } from '../../common/security/connection-rate-limiter.js';
import { isAllowedWebSocketOrigin } from '../../common/security/origins.js';
import type { AppConfig } from '../../config/app-config.js';

const logger = new Logger('SessionWebSocket');

type VerifyCallback = (
  ok: boolean,
  code?: number,
  message?: string,
  headers?: Record<string, string>,
) => void;

/**
 * The `ws` adapter with the service's settings: the largest message a client may send
 * (WS_MAX_MESSAGE_BYTES; ws closes with 1009 past it), and checks at the upgrade, each answered
 * with an HTTP status before any session exists, in this order: the page's Origin (403 for a
 * page of another site, cross-site WebSocket hijacking; WS_ALLOWED_ORIGINS), the number of new
 * connections from the client's address (429 past WS_CONNECTIONS_PER_MINUTE, so that key
 * guessing is limited too), the API key (401, decisions §1). Every refusal has the decisions §3
 * body, `{"detail": "…"}` as JSON, like the HTTP errors; so does a malformed handshake (400).
 * Only handshakes for /ws get here (see ./upgrade-routing.ts for the others).
 * Messages are not routed by Nest (the gateway reads the sockets), so no frame is parsed here,
 * and none is rate limited: a session bounds its own input.
 */
export class SessionWsAdapter extends WsAdapter {
  /**
   * @param trustProxy the function express's `trust proxy` was given (TRUST_PROXY), so that an
   *   upgrade is counted under the same client address as that client's HTTP requests.
   */
  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly trustProxy?: TrustProxy,
  ) {
    super(app, { messageParser: () => undefined });
  }

  /**
   * A client breaking the protocol (a message over the limit, invalid UTF-8) is the client's
   * problem: one warning line, not an error with a stack. ws's messages hold no frame content.
   */
  override bindErrorHandler<T extends EventSource>(server: T): T {
    server.on('connection', (socket: EventSource) =>
      socket.on('error', (error: Error) =>
        logger.warn(`A WebSocket client was disconnected: ${error.message}`),
      ),
    );
    server.on('error', (error: Error) => logger.error(error));
    // ws answers a malformed handshake in text/html unless this event has a listener.
    server.on('wsClientError', (error: Error, socket: Duplex, request: IncomingMessage) =>
      refuseMalformedHandshake(error, socket, request),
    );
    return server;
  }

  override create(port: number, options: Record<string, unknown> = {}) {
    const verifier = new ApiKeyVerifier(this.config.apiKeys);
    const origins = new Set(this.config.wsAllowedOrigins);
    const perMinute = this.config.WS_CONNECTIONS_PER_MINUTE;
    const limiter = perMinute > 0 ? new ConnectionRateLimiter(perMinute) : undefined;
    return super.create(port, {
      ...options,
      maxPayload: this.config.WS_MAX_MESSAGE_BYTES,
      verifyClient: (info: { req: IncomingMessage }, done: VerifyCallback) => {
        const request = info.req;
        if (!isAllowedWebSocketOrigin(request, origins)) {
          logger.warn(
            `A WebSocket upgrade from the page origin ${JSON.stringify(request.headers.origin)} was refused (403): add it to WS_ALLOWED_ORIGINS if it is the hospital's own.`,
          );
          return refuse(
            done,
            403,
            'This page origin may not open sessions: the server allows only the origins in WS_ALLOWED_ORIGINS.',
          );
        }
        const address = clientAddress(request, this.trustProxy);
        const decision = limiter?.attempt(normalizeIp(address));
        if (decision && !decision.allowed) {
          logger.warn(
            `A WebSocket upgrade from ${address} was refused (429): more than ${perMinute} new connections within a minute (WS_CONNECTIONS_PER_MINUTE).`,
          );
          return refuse(
            done,
            429,
            `Too many new connections from this address: the server accepts ${perMinute} per minute (WS_CONNECTIONS_PER_MINUTE). Retry in ${decision.retryAfterSeconds} s.`,
            { 'Retry-After': String(decision.retryAfterSeconds) },
          );
        }
        const token = presentedToken(request);
        if (!verifier.enabled || verifier.verify(token)) return done(true);
        refuse(done, 401, token ? INVALID_KEY : MISSING_KEY, { 'WWW-Authenticate': 'Bearer' });
      },
    });
  }
}

const MISSING_KEY =
  'An API key is required. Send it as "Authorization: Bearer <key>" or, from a browser, as ?token=<key>.';
const INVALID_KEY =
  'The API key is not valid. Send a key from the server\'s API_KEYS as "Authorization: Bearer <key>" or ?token=<key>.';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Refuses an upgrade with a status and the decisions §3 body (ws sets Content-Length). */
function refuse(
  done: VerifyCallback,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): void {
  done(false, status, JSON.stringify({ detail }), { 'Content-Type': JSON_TYPE, ...headers });
}

/**
 * Answers a handshake ws found malformed (a bad Sec-WebSocket-Key, -Version, -Protocol or
 * -Extensions header) with 400 and its reason, as ws's own answer would, but in JSON. The socket
 * has left HTTP already, so the answer is written as raw HTTP/1.1, then the socket is closed.
 */
function refuseMalformedHandshake(error: Error, socket: Duplex, request: IncomingMessage): void {
  const body = JSON.stringify({
    detail: `${error.message}: this is not a valid WebSocket handshake (RFC 6455 §4.1).`,
  });
  const headers: Record<string, string> = {
    Connection: 'close',
    'Content-Type': JSON_TYPE,
    'Content-Length': String(Buffer.byteLength(body)),
  };
  const version = Number(request.headers['sec-websocket-version']);
  if (version !== 13 && version !== 8) headers['Sec-WebSocket-Version'] = '13, 8';
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 400 ${STATUS_CODES[400]}\r\n${head.join('')}\r\n${body}`);
}

/** A `ws` server, as far as the error handler needs it. */
interface EventSource {
  on(event: string, listener: (...args: never[]) => void): unknown;
}

/** `Authorization: Bearer <key>` or, for browsers that cannot set headers, `?token=<key>`. */
function presentedToken(request: IncomingMessage): string | undefined {
  const header = ApiKeyVerifier.bearerToken(request.headers.authorization);
  if (header) return header;
  const query = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
  return query ?? undefined;
}

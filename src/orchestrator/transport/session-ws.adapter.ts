import type { IncomingMessage } from 'node:http';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { normalizeIp } from '@nestjs/throttler';
import { ApiKeyVerifier } from '../../common/auth/api-key.verifier.js';
import { clientAddress, type TrustProxy } from '../../common/security/client-address.js';
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
 * guessing is limited too), the API key (401, decisions §1).
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
          return done(false, 403, 'Forbidden: this page origin may not open sessions');
        }
        const address = clientAddress(request, this.trustProxy);
        const decision = limiter?.attempt(normalizeIp(address));
        if (decision && !decision.allowed) {
          logger.warn(
            `A WebSocket upgrade from ${address} was refused (429): more than ${perMinute} new connections within a minute (WS_CONNECTIONS_PER_MINUTE).`,
          );
          return done(false, 429, `Too Many Requests: retry in ${decision.retryAfterSeconds} s`, {
            'Retry-After': String(decision.retryAfterSeconds),
          });
        }
        if (!verifier.enabled || verifier.verify(presentedToken(request))) return done(true);
        done(false, 401, 'Unauthorized');
      },
    });
  }
}

/** A `ws` server, as far as the error handler needs it. */
interface EventSource {
  on(event: string, listener: (arg: never) => void): unknown;
}

/** `Authorization: Bearer <key>` or, for browsers that cannot set headers, `?token=<key>`. */
function presentedToken(request: IncomingMessage): string | undefined {
  const header = ApiKeyVerifier.bearerToken(request.headers.authorization);
  if (header) return header;
  const query = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
  return query ?? undefined;
}

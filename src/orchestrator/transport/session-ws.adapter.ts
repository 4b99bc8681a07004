import type { IncomingMessage } from 'node:http';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { ApiKeyVerifier } from '../../common/auth/api-key.verifier.js';
import type { AppConfig } from '../../config/app-config.js';

const logger = new Logger('SessionWebSocket');

type VerifyCallback = (ok: boolean, code?: number, message?: string) => void;

/**
 * The `ws` adapter with the service's settings: the largest message a client may send
 * (WS_MAX_MESSAGE_BYTES; ws closes with 1009 past it), and authentication at the upgrade, so a
 * client without a valid key gets a 401 before any session exists (decisions §1).
 * Messages are not routed by Nest (the gateway reads the sockets), so no frame is parsed here.
 */
export class SessionWsAdapter extends WsAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
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
    return super.create(port, {
      ...options,
      maxPayload: this.config.WS_MAX_MESSAGE_BYTES,
      verifyClient: (info: { req: IncomingMessage }, done: VerifyCallback) => {
        if (!verifier.enabled || verifier.verify(presentedToken(info.req))) return done(true);
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

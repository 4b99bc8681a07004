import type { IncomingMessage } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { ApiKeyVerifier } from '../../common/auth/api-key.verifier.js';
import type { AppConfig } from '../../config/app-config.js';

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

/** `Authorization: Bearer <key>` or, for browsers that cannot set headers, `?token=<key>`. */
function presentedToken(request: IncomingMessage): string | undefined {
  const header = ApiKeyVerifier.bearerToken(request.headers.authorization);
  if (header) return header;
  const query = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
  return query ?? undefined;
}

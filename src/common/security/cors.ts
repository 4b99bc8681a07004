import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface.js';
import { normalizeOrigin } from '../../config/security/origin-list.js';

/**
 * CORS for the origins of CORS_ORIGINS only, or undefined (no CORS at all) without any: the
 * console is served by the service itself, so it needs none. Answers to an allowed origin carry
 * `Access-Control-Allow-Origin: <that origin>`; a request from any other origin, preflight
 * included, gets no CORS header (the preflight then answers as the route does without CORS).
 * No credentials: the API key travels in the Authorization header, which is allowed explicitly.
 */
export function corsOptions(origins: readonly string[]): CorsOptions | undefined {
  if (origins.length === 0) return undefined;
  const allowed = new Set(origins);
  return {
    origin: (origin, callback) => {
      const normalized = origin === undefined ? undefined : normalizeOrigin(origin);
      callback(null, normalized !== undefined && allowed.has(normalized) ? origin : false);
    },
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Content-Length', 'Retry-After', 'X-Request-Id'],
    credentials: false,
    maxAge: 600,
  };
}

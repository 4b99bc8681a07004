import { type ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
} from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config.js';

/** Probes and scrapers call on a schedule of their own: never limited (decisions §1). */
export const UNLIMITED_PATHS: ReadonlySet<string> = new Set([
  '/health',
  '/health/live',
  '/metrics',
]);

const WINDOW_MS = 60_000;

/** A request path without its trailing slashes (`/health/` is routed as `/health`). */
const routePath = (path: string) => path.replace(/(?<=.)\/+$/, '');

/**
 * The HTTP rate limit: RATE_LIMIT_PER_MINUTE requests per client address (req.ip, which follows
 * TRUST_PROXY) within any minute, across every route but the probes. Past it: 429 with
 * `Retry-After` and a `{detail}` saying when to retry. 0 turns it off.
 */
export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  const limit = config.RATE_LIMIT_PER_MINUTE;
  return {
    throttlers: [
      // blockDuration 0: a sliding window, in which a refused request does not count.
      { name: 'default', ttl: WINDOW_MS, limit: Math.max(limit, 1), blockDuration: 0 },
    ],
    skipIf: (context: ExecutionContext) =>
      limit === 0 ||
      context.getType() !== 'http' ||
      UNLIMITED_PATHS.has(routePath(context.switchToHttp().getRequest<Request>().path)),
    // One budget per client for the whole API, not one per route.
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    errorMessage: (_context, detail: ThrottlerLimitDetail) =>
      `Too many requests from this address: the server accepts ${detail.limit} per minute ` +
      `(RATE_LIMIT_PER_MINUTE). Retry in ${Math.max(1, detail.timeToBlockExpire)} s.`,
  };
}

/** The throttler's guard, answering with the decisions §3 body: `{ "detail": "…" }`. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new HttpException(
      { detail: await this.getErrorMessage(context, detail) },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

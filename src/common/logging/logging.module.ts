import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../../config/app-config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's X-Request-Id when it is a plain short token, else a new UUID; echoed in the response. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Structured JSON logs with a request id. Conversations are medical data: request and response
 * bodies are never logged, and the URL is logged without its query string (it may hold a token).
 */
const QUIET_PATHS = new Set(['/health/live', '/metrics']);

/** The Error pino-http makes up for an answer of 500 or more that nothing threw. */
const isStatusOnly = (error: Error) => /^failed with status code \d+$/.test(error.message);

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          genReqId: requestId,
          quietReqLogger: true,
          // Scraped every 15 s and probed every few seconds: a line each would drown the rest.
          autoLogging: {
            ignore: (req: { url?: string }) => QUIET_PATHS.has((req.url ?? '').split('?')[0]),
          },
          customLogLevel: (_req, res, err) =>
            err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          // pino-http logs a 5xx with an Error of its own ("failed with status code 503") whose
          // stack is pino-http's; the filter's "request failed" line already says why. A real
          // error (a response that broke) keeps its `err`.
          customErrorObject: (_req, _res, error, line: Record<string, unknown>) =>
            isStatusOnly(error) ? { ...line, err: undefined } : line,
          customErrorMessage: (_req, _res, error) =>
            isStatusOnly(error) ? 'request completed' : 'request errored',
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({
              id: req.id,
              method: req.method,
              path: req.url.split('?')[0],
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}

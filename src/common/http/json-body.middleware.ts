import { isUtf8 } from 'node:buffer';
import { Injectable, NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppConfig } from '../../config/app-config.js';
import { AUDIO_JSON_ROUTES, bodyParserErrors } from './body-parser-errors.js';

/** Deeper JSON is refused before validation, whose recursion would otherwise overflow the stack. */
export const MAX_JSON_DEPTH = 32;

class BodyError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Depth of nested objects and arrays, computed without recursion. */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Parses JSON bodies as a Nest middleware, so it runs after the request logger (every answer,
 * errors included, has its X-Request-Id and log line). It refuses what express.json would let
 * through: bytes that are not UTF-8 (decoded silently into U+FFFD otherwise, corrupting a
 * medical text), a body sent as something other than JSON, and JSON nested too deeply.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  private readonly parse;
  private readonly parseAudio;

  constructor(config: AppConfig) {
    const verify = (_req: unknown, _res: unknown, buffer: Buffer) => {
      if (!isUtf8(buffer)) throw new BodyError('encoding.invalid', 'The body is not valid UTF-8.');
    };
    this.parse = express.json({ limit: config.MAX_JSON_BODY_BYTES, verify });
    const audioLimit = Math.ceil((config.MAX_AUDIO_BYTES * 4) / 3) + 64 * 1024;
    this.parseAudio = express.json({
      limit: Math.max(audioLimit, config.MAX_JSON_BODY_BYTES),
      verify,
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in req.headers;
    // Uploads are read by the route's own multipart interceptor, in memory.
    if (hasBody && req.is('multipart/form-data')) return next();
    if (hasBody && !req.is('application/json') && !req.is('+json')) {
      res
        .status(415)
        .json({ detail: 'Unsupported content type: send the body as application/json.' });
      return;
    }
    const parse = AUDIO_JSON_ROUTES.has(req.path) ? this.parseAudio : this.parse;
    parse(req, res, (error?: unknown) => {
      if (error) return bodyParserErrors(error as Error, req, res, next);
      if (jsonDepth(req.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        return bodyParserErrors(
          new BodyError(
            'entity.too.deep',
            `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
          ),
          req,
          res,
          next,
        );
      }
      next();
    });
  }
}

import { isUtf8 } from 'node:buffer';
import { Injectable, NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppConfig } from '../../config/app-config.js';
import { bodyParserErrors } from './body-parser-errors.js';

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
abstract class JsonBodyParser implements NestMiddleware {
  private readonly parse;

  /** `tooLarge`: the 413 detail for a body over `limit` bytes, naming the setting to raise. */
  protected constructor(
    limit: number,
    private readonly tooLarge: string,
  ) {
    const verify = (_req: unknown, _res: unknown, buffer: Buffer) => {
      if (!isUtf8(buffer)) throw new BodyError('encoding.invalid', 'The body is not valid UTF-8.');
    };
    this.parse = express.json({ limit, verify });
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
    this.parse(req, res, (error?: unknown) => {
      if (error) return bodyParserErrors(error as Error, res, next, this.tooLarge);
      if (jsonDepth(req.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        return bodyParserErrors(
          new BodyError(
            'entity.too.deep',
            `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
          ),
          res,
          next,
          this.tooLarge,
        );
      }
      next();
    });
  }
}

/** The JSON body of every route but the Base64 transcription: at most MAX_JSON_BODY_BYTES. */
@Injectable()
export class JsonBodyMiddleware extends JsonBodyParser {
  constructor(config: AppConfig) {
    const limit = config.MAX_JSON_BODY_BYTES;
    super(
      limit,
      `The request body is larger than the ${limit} bytes this server accepts (MAX_JSON_BODY_BYTES).`,
    );
  }
}

/**
 * The JSON body of `POST /api/v1/transcribe`, which carries a whole WAV file in Base64: its limit
 * follows MAX_AUDIO_BYTES (4/3 of it for Base64, plus room for the JSON around it), never below
 * MAX_JSON_BODY_BYTES.
 */
@Injectable()
export class AudioJsonBodyMiddleware extends JsonBodyParser {
  constructor(config: AppConfig) {
    const base64Limit = Math.ceil((config.MAX_AUDIO_BYTES * 4) / 3) + 64 * 1024;
    const limit = Math.max(base64Limit, config.MAX_JSON_BODY_BYTES);
    super(
      limit,
      `The request body is larger than the ${limit} bytes this server accepts for Base64 audio: ` +
        `the WAV file may be at most ${config.MAX_AUDIO_BYTES} bytes (MAX_AUDIO_BYTES) once decoded.`,
    );
  }
}

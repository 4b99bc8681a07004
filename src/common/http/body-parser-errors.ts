import type { NextFunction, Request, Response } from 'express';
import { RequestValidationException } from '../validation/validation-detail.js';

/** Routes whose JSON carries a Base64 WAV: their limit follows MAX_AUDIO_BYTES (4/3 for Base64). */
export const AUDIO_JSON_ROUTES = new Set(['/api/v1/transcribe']);

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/**
 * Answers the errors of the JSON body parser, which never reach Nest's filters: malformed JSON is a 422 `json_invalid` (as 2.13 clients expect), a body over the
 * limit a 413, an unreadable body a 400, each with the decisions §3 body.
 */
export function bodyParserErrors(
  error: BodyParserError,
  req: Request,
  res: Response,
  next: NextFunction,
) {
  switch (error.type) {
    case 'entity.parse.failed':
      res.status(422).json(
        new RequestValidationException([
          {
            loc: ['body'],
            msg: `The body is not valid JSON: ${error.message}`,
            type: 'json_invalid',
          },
        ]).getResponse(),
      );
      return;
    case 'entity.too.large':
      res.status(413).json({
        detail: AUDIO_JSON_ROUTES.has(req.path)
          ? `The request body is larger than the ${error.limit ?? ''} bytes this server accepts: the audio may be at most MAX_AUDIO_BYTES once decoded from Base64.`
          : `The request body is larger than the ${error.limit ?? ''} bytes this server accepts (MAX_JSON_BODY_BYTES).`,
      });
      return;
    case 'encoding.invalid':
    case 'entity.too.deep':
      res
        .status(422)
        .json(
          new RequestValidationException([
            { loc: ['body'], msg: error.message, type: 'json_invalid' },
          ]).getResponse(),
        );
      return;
    case 'encoding.unsupported':
    case 'charset.unsupported':
      res.status(415).json({ detail: 'Unsupported body encoding: send UTF-8 JSON.' });
      return;
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      res.status(400).json({ detail: 'The request body could not be read.' });
      return;
    default:
      next(error);
  }
}

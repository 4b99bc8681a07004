import type { NextFunction, Response } from 'express';
import { RequestValidationException } from '../validation/validation-detail.js';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/**
 * Answers the errors of the JSON body parser, which never reach Nest's filters: malformed JSON is a 422 `json_invalid` (as 2.13 clients expect), a body over the
 * limit a 413 whose detail is `tooLarge` (it names the setting of the limit), an unreadable
 * body a 400, each with the decisions §3 body.
 */
export function bodyParserErrors(
  error: BodyParserError,
  res: Response,
  next: NextFunction,
  tooLarge: string,
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
      res.status(413).json({ detail: tooLarge });
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

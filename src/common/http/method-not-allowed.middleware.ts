import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { methodNotAllowed } from './allowed-methods.js';

/**
 * Answers a known path under a method none of its routes takes with 405 and Allow, before the
 * body is read: the method is what is wrong, whatever the body holds. Unknown paths go on to the
 * 404 of Nest's not-found handler.
 */
@Injectable()
export class MethodNotAllowedMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    const refusal = methodNotAllowed(req);
    if (refusal) throw refusal;
    next();
  }
}

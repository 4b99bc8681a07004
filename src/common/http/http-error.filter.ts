import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { describeFailure } from '../errors/describe-failure.js';
import {
  AudioTooLargeError,
  AudioUnreadableError,
  UnservableChoiceError,
} from '../errors/domain.errors.js';
import { EngineError } from '../errors/engine.errors.js';
import { WrongMethodException } from './allowed-methods.js';

/** The body every error answers with: 2.13's `detail` array for validation, a sentence otherwise. */
export type ErrorBody = { detail: string | unknown[] };

const DEFAULT_DETAIL: Record<number, string> = {
  400: 'The request is malformed.',
  401: 'An API key is required. Send it as "Authorization: Bearer <key>".',
  404: 'No such route. See /docs for the API.',
  405: 'This method is not allowed on this route. See /docs for the API.',
  413: 'The request body is larger than the server accepts.',
  415: 'Unsupported content type: send application/json.',
  429: 'Too many requests; retry later.',
};

/** Turns whatever a handler throws into decisions §3 shapes; never a stack or internal message. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof EngineError) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { detail: error.detail } };
  }
  // Every REST field a service names is a body field: the path is the HTTP edge's to add.
  if (error instanceof UnservableChoiceError) {
    const detail = error.problems.map(({ field, message, type }) => ({
      loc: ['body', field],
      msg: message,
      type,
    }));
    return { status: HttpStatus.UNPROCESSABLE_ENTITY, body: { detail } };
  }
  if (error instanceof AudioTooLargeError) {
    return { status: HttpStatus.PAYLOAD_TOO_LARGE, body: { detail: error.message } };
  }
  if (error instanceof AudioUnreadableError) {
    return { status: HttpStatus.BAD_REQUEST, body: { detail: error.message } };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null && 'detail' in response) {
      return { status, body: { detail: (response as ErrorBody).detail } };
    }
    // Nest's own exceptions (e.g. the 404 of an unknown route) carry a framework message.
    const detail = DEFAULT_DETAIL[status] ?? (status < 500 ? error.message : 'Internal error.');
    return { status, body: { detail } };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { detail: 'Internal error. It has been logged; retry, and report it if it persists.' },
  };
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorResponse(error);
    if (error instanceof WrongMethodException) response.setHeader('Allow', error.allow);
    if (status >= 500)
      this.logger.error({ msg: 'request failed', failure: describeFailure(error) });
    if (status === HttpStatus.UNAUTHORIZED) response.setHeader('WWW-Authenticate', 'Bearer');
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json(body);
  }
}

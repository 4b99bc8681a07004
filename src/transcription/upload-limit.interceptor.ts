import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  HttpException,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { catchError, Observable, throwError } from 'rxjs';
import { AppConfig } from '../config/app-config.js';

/**
 * Gives the upload's multipart errors (raised by multer inside FileInterceptor, which this one
 * wraps) answers that say what to send, in the decisions §3 shapes.
 */
@Injectable()
export class UploadLimitInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(catchError((error: unknown) => throwError(() => this.explain(error))));
  }

  private explain(error: unknown): unknown {
    if (!(error instanceof HttpException) || hasDetail(error)) return error;
    if (error instanceof PayloadTooLargeException) {
      return new PayloadTooLargeException({
        detail: `The file is larger than MAX_AUDIO_BYTES (${this.config.MAX_AUDIO_BYTES} bytes).`,
      });
    }
    if (error instanceof BadRequestException) {
      return new BadRequestException({
        detail: `The multipart form could not be read (${error.message}): send one WAV file in the form field "file".`,
      });
    }
    return error;
  }
}

const hasDetail = (error: HttpException) => {
  const body = error.getResponse();
  return typeof body === 'object' && body !== null && 'detail' in body;
};

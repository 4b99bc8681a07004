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
import {
  invalidField,
  type RequestValidationException,
} from '../common/validation/validation-detail.js';
import { AppConfig } from '../config/app-config.js';

/**
 * Gives the upload's multipart errors (raised by multer inside FileInterceptor, which this one
 * wraps) answers that say what to send, in the decisions §3 shapes: a file over the limit is a
 * 413, a file in the wrong field or a second file a 422 on `body.file`, a form that cannot be
 * read a 400.
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
      const misplaced = misplacedFile(error.cause);
      if (misplaced) return misplaced;
      return new BadRequestException({
        detail: `The multipart form could not be read (${error.message}): send one WAV file in the form field "file".`,
      });
    }
    return error;
  }
}

/** What multer puts on the error it raises (Nest keeps it as the exception's cause). */
interface MulterError {
  code?: string;
  field?: string;
}

/**
 * A form that reads well but has its file in the wrong place (decisions §3: a 422 on
 * `body.file`, not a 400 about the form): under another field name, or more than one file.
 */
function misplacedFile(cause: unknown): RequestValidationException | undefined {
  const { code, field } = (cause ?? {}) as MulterError;
  if (code === 'LIMIT_UNEXPECTED_FILE') {
    const where = field ? ` (this form has it in the field ${JSON.stringify(field)})` : '';
    return invalidField(
      ['body', 'file'],
      `Field required: send the WAV file in the form field "file"${where}.`,
      'missing',
    );
  }
  if (code === 'LIMIT_FILE_COUNT') {
    return invalidField(
      ['body', 'file'],
      'The form has more than one file: send exactly one WAV file, in the form field "file".',
      'too_many_files',
    );
  }
  return undefined;
}

const hasDetail = (error: HttpException) => {
  const body = error.getResponse();
  return typeof body === 'object' && body !== null && 'detail' in body;
};

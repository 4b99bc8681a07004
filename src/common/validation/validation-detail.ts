import { UnprocessableEntityException } from '@nestjs/common';

/** One entry of the 2.13 validation error body. */
export interface ValidationDetail {
  loc: string[];
  msg: string;
  type: string;
}

/** A 422 answer with the interface's `{ detail: [...] }` body. */
export class RequestValidationException extends UnprocessableEntityException {
  constructor(readonly details: ValidationDetail[]) {
    super({ detail: details });
  }
}

/** A 422 for one field, e.g. `invalidField(['body', 'source_language'], '…', 'language_code')`. */
export function invalidField(loc: string[], msg: string, type: string): RequestValidationException {
  return new RequestValidationException([{ loc, msg, type }]);
}

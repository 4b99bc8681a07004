import { EngineError } from '../../common/errors/engine.errors.js';
import { RequestValidationException } from '../../common/validation/validation-detail.js';

/**
 * The sentence an `error` message carries: an engine's own client-facing detail (engine, what
 * happened, what to check), a validation problem's wording, or a generic line. Never the
 * message of an unexpected error, which could quote conversation text.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof EngineError) return error.detail;
  if (error instanceof RequestValidationException) {
    return error.details.map((detail) => detail.msg).join(' ');
  }
  return fallback;
}

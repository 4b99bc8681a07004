import { UnservableChoiceError } from '../../common/errors/domain.errors.js';
import { EngineError } from '../../common/errors/engine.errors.js';

/**
 * The WebSocket edge's wording of a failure, the sentence an `error` message carries: an engine's
 * own client-facing detail (engine, what happened, what to check), what is wrong with the
 * client's choice of language or voice, or a generic line. Never the message of an unexpected
 * error, which could quote conversation text.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof EngineError) return error.detail;
  if (error instanceof UnservableChoiceError) {
    return error.problems.map((problem) => problem.message).join(' ');
  }
  return fallback;
}

import { UnservableChoiceError } from '../common/errors/domain.errors.js';
import {
  EngineError,
  EngineOutputRejectedError,
  EngineTimeoutError,
} from '../common/errors/engine.errors.js';

/** The `type` label of an error counter: a fixed word, never the error's text. */
export type FailureType = 'timeout' | 'unavailable' | 'rejected' | 'invalid' | 'internal';

export function failureType(error: unknown): FailureType {
  if (error instanceof EngineTimeoutError) return 'timeout';
  if (error instanceof EngineOutputRejectedError) return 'rejected';
  if (error instanceof EngineError) return 'unavailable';
  if (error instanceof UnservableChoiceError) return 'invalid';
  return 'internal';
}

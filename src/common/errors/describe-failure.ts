import { EngineError } from './engine.errors.js';

/**
 * What a log line says about a failure, on every edge (HTTP 5xx, session, health). Engine errors:
 * their kind, engine and message (which never holds conversation text; the remote server's words
 * stay out). Anything else: its class and stack frames, without the message line, since a
 * parser's message can quote the input.
 */
export function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof EngineError) {
    return {
      kind: error.name,
      service: error.service,
      engine: error.engine,
      message: error.message,
    };
  }
  const kind = error instanceof Error ? error.constructor.name : typeof error;
  const frames = error instanceof Error ? (error.stack ?? '').split('\n').slice(1).join('\n') : '';
  return { kind, frames };
}

import type { ServerMessage } from '../protocol/server-messages.js';

/** What a session needs from its connection; the gateway implements it over a WebSocket. */
export interface SessionTransport {
  /** Sends one message; false when it could not (connection closed or client not reading). */
  send(message: ServerMessage): boolean;
  /** Closes the connection with a WebSocket close code. */
  close(code: number, reason: string): void;
  /** Stops reading the client's frames (TCP backpressure) until resumeInput(). */
  pauseInput(): void;
  resumeInput(): void;
}

/** WebSocket close codes the sessions use (RFC 6455 §7.4.1). */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  PolicyViolation: 1008,
  TooBig: 1009,
  TryAgainLater: 1013,
} as const;

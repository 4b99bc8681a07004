import type { WebSocket } from 'ws';
import type { ServerMessage } from '../protocol/server-messages.js';
import { CloseCode, type SessionTransport } from '../session/session-transport.js';

/** How long a client that does not read gets to take its close frame before the drop. */
const STALLED_CLOSE_MS = 1000;

/** A session's connection over `ws`, with the outbound backpressure limit. */
export class WsSessionTransport implements SessionTransport {
  constructor(
    private readonly socket: WebSocket,
    private readonly maxBufferedBytes: number,
  ) {}

  send(message: ServerMessage): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      // The client has not read what was sent; keeping more would grow without bound. Its close
      // frame queues behind what it does not read, so the connection is dropped soon after.
      this.close(CloseCode.PolicyViolation, 'client is not reading its messages');
      setTimeout(() => this.socket.terminate(), STALLED_CLOSE_MS).unref();
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
  }

  pauseInput(): void {
    this.socket.pause();
  }

  resumeInput(): void {
    this.socket.resume();
  }
}

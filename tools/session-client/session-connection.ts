/**
 * A client of the orchestrator's WebSocket session protocol (`/ws`, decisions §5): handshake,
 * real-time PCM streaming, JSON control messages and the graceful exit with its archive.
 * Used by the `npm run session` CLI and by `npm run bench:session`.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type {
  ClientMessage,
  HandshakeMessage,
} from '../../src/orchestrator/protocol/client-messages.js';
import type {
  ConversationArchiveMessage,
  HandshakeSuccessMessage,
} from '../../src/orchestrator/protocol/server-messages.js';
import { type StreamOptions, streamPcm } from './pcm-stream.js';

/**
 * Any JSON object the server sends, as received; `type` names it (decisions §5.3–§5.5). Loose on
 * purpose: the client prints whatever arrives, including what a newer server adds.
 */
export interface ServerMessage {
  type: string;
  [field: string]: unknown;
}

/** The service's declaration (server-messages.ts), as received. */
export type HandshakeSuccess = HandshakeSuccessMessage & ServerMessage;
export type ConversationArchive = ConversationArchiveMessage & ServerMessage;
export type { SentChunk, StreamClock, StreamOptions } from './pcm-stream.js';

export interface ReceivedMessage {
  /** `performance.now()` when the frame arrived. */
  at: number;
  message: ServerMessage;
}

export interface ExitResult {
  /** Whether `exit_acknowledged` arrived. */
  acknowledged: boolean;
  archive?: ConversationArchive;
  closeCode: number;
  closeReason: string;
}

/** Why a connection or handshake failed; `message` is one line for a person. */
export class SessionConnectError extends Error {
  override readonly name = 'SessionConnectError';

  constructor(
    message: string,
    readonly details: {
      /** Handshake rejection reason (`missing_fields`, `unsupported_language`, …). */
      reason?: string;
      /** The server's own `message`. */
      serverMessage?: string;
      /** WebSocket close code (1008 for a refused handshake). */
      closeCode?: number;
      /** HTTP status of a refused upgrade (401 without a valid key). */
      status?: number;
    } = {},
  ) {
    super(message);
  }
}

type Listener = (received: ReceivedMessage) => void;

export class SessionConnection {
  /** Every server message of the session, in arrival order (HandshakeSuccess first). */
  readonly received: ReceivedMessage[] = [];
  private socket?: WebSocket;
  private readonly listeners = new Set<Listener>();
  private closeInfo?: { code: number; reason: string; at: number };
  private readonly closeListeners = new Set<() => void>();

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Close code and reason once the socket has closed. */
  get closed(): { code: number; reason: string; at: number } | undefined {
    return this.closeInfo;
  }

  /**
   * Opens the socket, sends `handshake` and resolves with `HandshakeSuccess`. Rejects with a
   * SessionConnectError for a refused upgrade (401…), an unreachable server, a handshake
   * rejection (with the server's `reason`, `message` and close code) or no answer in time.
   */
  connect(
    url: string,
    handshake: HandshakeMessage,
    options: { token?: string; timeoutMs?: number } = {},
  ): Promise<HandshakeSuccess> {
    if (this.socket) throw new Error('SessionConnection.connect() may be called once');
    const timeoutMs = options.timeoutMs ?? 15_000;
    const socket = new WebSocket(url, {
      headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
      handshakeTimeout: timeoutMs,
      // The archive arrives as one message: about 4 MB per minute of conversation (docs/protocol.md).
      maxPayload: 1024 * 1024 * 1024,
    });
    this.socket = socket;
    return new Promise<HandshakeSuccess>((resolve, reject) => {
      let settled = false;
      let rejection: { reason?: string; serverMessage?: string } | undefined;
      const fail = (message: string, details: SessionConnectError['details'] = {}) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.terminate();
        reject(new SessionConnectError(message, details));
      };
      let timer = setTimeout(() => {
        if (rejection) {
          fail(describeRejection(rejection));
        } else {
          fail(`no answer to the handshake from ${url} within ${timeoutMs} ms`);
        }
      }, timeoutMs);

      socket.on('unexpected-response', (_request, response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (body += part.slice(0, 2000)));
        response.on('end', () => {
          let detail = body.trim();
          try {
            const parsed = JSON.parse(body) as { detail?: unknown };
            if (typeof parsed.detail === 'string') detail = parsed.detail;
          } catch {
            /* not JSON: keep the text */
          }
          const status = response.statusCode ?? 0;
          fail(
            `the server refused the WebSocket upgrade at ${url}: HTTP ${status}` +
              (detail ? ` (${detail})` : ''),
            { status },
          );
        });
      });
      socket.on('error', (error: Error) => {
        if (!settled) fail(`cannot connect to ${url}: ${error.message}`);
      });
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'handshake', ...handshake }));
      });
      socket.on('message', (data, isBinary) => {
        const at = performance.now();
        let message: ServerMessage;
        if (isBinary) {
          message = { type: '(binary frame)', size: rawLength(data) };
        } else {
          try {
            const parsed: unknown = JSON.parse(rawText(data));
            message =
              parsed && typeof parsed === 'object' && !Array.isArray(parsed)
                ? ({ type: '(no type)', ...parsed } as ServerMessage)
                : { type: '(not an object)', value: parsed };
          } catch {
            message = { type: '(invalid JSON)', text: rawText(data).slice(0, 200) };
          }
        }
        const received = { at, message };
        this.received.push(received);
        if (!settled) {
          if (message.type === 'HandshakeSuccess') {
            settled = true;
            clearTimeout(timer);
            resolve(message as HandshakeSuccess);
          } else if (message.type === 'error') {
            // The close (1008) follows; reject then, with its code.
            rejection = {
              reason: str(message.reason),
              serverMessage: str(message.message),
            };
            const refused = rejection;
            clearTimeout(timer);
            timer = setTimeout(() => fail(describeRejection(refused), refused), 3000);
          }
        }
        for (const listener of this.listeners) listener(received);
      });
      socket.on('close', (code, reasonBuffer) => {
        const reason = reasonBuffer.toString();
        this.closeInfo = { code, reason, at: performance.now() };
        if (!settled) {
          const closeCode = code;
          if (rejection) {
            fail(describeRejection(rejection, closeCode), { ...rejection, closeCode });
          } else {
            fail(
              `the server closed the connection before answering the handshake (code ${code}` +
                (reason ? `, ${reason}` : '') +
                ')',
              { closeCode },
            );
          }
        }
        for (const listener of [...this.closeListeners]) listener();
      });
    });
  }

  /** Calls `listener` for each message received from now on; returns the unsubscribe. */
  onMessage(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` once the socket has closed; returns the unsubscribe. */
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** The messages received from now on, until the socket closes. */
  async *messages(): AsyncGenerator<ReceivedMessage> {
    const queue: ReceivedMessage[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = this.onMessage((received) => {
      queue.push(received);
      wake?.();
    });
    const unsubscribeClose = this.onClose(() => wake?.());
    try {
      while (true) {
        if (queue.length > 0) {
          yield queue.shift()!;
          continue;
        }
        if (this.closeInfo || !this.socket) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      unsubscribe();
      unsubscribeClose();
    }
  }

  /**
   * Resolves with the first message matching `predicate`, among those received after index
   * `since` of `received` (default: only messages arriving from now on). Rejects after
   * `timeoutMs` or when the socket closes first.
   */
  waitFor(
    predicate: (message: ServerMessage) => boolean,
    timeoutMs: number,
    options: { since?: number } = {},
  ): Promise<ReceivedMessage> {
    const past = this.received.slice(options.since ?? this.received.length);
    const found = past.find((received) => predicate(received.message));
    if (found) return Promise.resolve(found);
    if (this.closeInfo) {
      return Promise.reject(new Error(`the session is closed (code ${this.closeInfo.code})`));
    }
    return new Promise<ReceivedMessage>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        unsubscribeClose();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      const unsubscribe = this.onMessage((received) => {
        if (predicate(received.message)) {
          done();
          resolve(received);
        }
      });
      const unsubscribeClose = this.onClose(() => {
        done();
        reject(new Error(`the session closed (code ${this.closeInfo?.code}) before a match`));
      });
    });
  }

  /** Sends one JSON control message (decisions §5.3). */
  sendJson(message: ClientMessage): void {
    this.openSocket().send(JSON.stringify(message));
  }

  /** Streams `samples` as binary s16le frames (streamPcm, pcm-stream.ts). */
  async streamPcm(
    samples: Int16Array,
    sampleRate: number,
    options: StreamOptions = {},
  ): Promise<number> {
    return streamPcm(this.openSocket(), samples, sampleRate, options, () => this.closeInfo?.code);
  }

  /**
   * Sends `conversation_exit` and resolves once the server has closed the socket (it drains the
   * pipelines first), with the archive when one was asked for and sent.
   */
  async exit(options: { archive?: boolean; timeoutMs?: number } = {}): Promise<ExitResult> {
    const since = this.received.length;
    if (!this.closeInfo) {
      this.sendJson({ type: 'conversation_exit', archive: options.archive ?? true });
      await this.waitClosed(options.timeoutMs ?? 120_000);
    }
    const after = this.received.slice(since).map((received) => received.message);
    return {
      acknowledged: after.some((message) => message.type === 'exit_acknowledged'),
      archive: after.find((message) => message.type === 'conversation_archive') as
        ConversationArchive | undefined,
      closeCode: this.closeInfo!.code,
      closeReason: this.closeInfo!.reason,
    };
  }

  /** Resolves once the socket is closed; after `timeoutMs` terminates it and rejects. */
  waitClosed(timeoutMs: number): Promise<void> {
    if (this.closeInfo || !this.socket) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        this.socket?.terminate();
        reject(new Error(`the server did not close the session within ${timeoutMs} ms`));
      }, timeoutMs);
      const unsubscribe = this.onClose(() => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      });
    });
  }

  /** Closes the socket without `conversation_exit` (an abrupt end, as a lost client). */
  close(code = 1000): void {
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) this.socket.close(code);
  }

  private openSocket(): WebSocket {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      throw new Error('the session is not open');
    }
    return this.socket;
  }
}

function describeRejection(
  rejection: { reason?: string; serverMessage?: string },
  closeCode?: number,
): string {
  return (
    `handshake rejected (${rejection.reason ?? 'no reason given'})` +
    (rejection.serverMessage ? `: ${rejection.serverMessage}` : '') +
    (closeCode === undefined ? '' : ` [close code ${closeCode}]`)
  );
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

function rawLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

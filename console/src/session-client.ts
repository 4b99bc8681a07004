/**
 * One interpreted conversation over the WebSocket at /ws (docs/protocol.md): the handshake,
 * binary PCM frames, the JSON control messages, and the server's messages, typed.
 */
import {
  parseServerMessage,
  type ClientMessage,
  type HandshakeMessage,
  type HandshakeSuccessMessage,
  type ServerMessage,
} from './protocol';
import { unsupportedLanguageWording } from './wording';

export interface CloseInfo {
  code: number;
  reason: string;
}

export interface SessionHandlers {
  /** Every server message after HandshakeSuccess, in arrival order. */
  onMessage(message: ServerMessage): void;
  /** The connection closed after the handshake succeeded. */
  onClose(info: CloseInfo): void;
}

/** Why a session could not start, in one sentence for the people at the bedside. */
export class SessionStartError extends Error {}

/**
 * Audio waiting in the browser's send buffer past which frames are dropped rather than queued:
 * about 30 s of 16 kHz audio. The server stops reading when it falls behind (protocol §6).
 */
const MAX_BUFFERED_BYTES = 1_000_000;
const HANDSHAKE_TIMEOUT_MS = 20_000;

/** ws:// or wss:// URL of the session endpoint beside the page (works behind a path prefix). */
export function sessionUrl(pageUrl: string, token?: string): string {
  const url = new URL('ws', pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = '';
  // Browsers cannot set headers on a WebSocket: the key travels as ?token= (protocol §1).
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

export class SessionClient {
  private socket?: WebSocket;
  private started = false;
  /** Audio frames dropped because the connection could not keep up. */
  droppedFrames = 0;

  constructor(
    private readonly url: string,
    private readonly handlers: SessionHandlers,
  ) {}

  /** Opens the connection, sends the handshake and resolves with HandshakeSuccess. */
  connect(handshake: HandshakeMessage, authRequired: boolean): Promise<HandshakeSuccessMessage> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      let opened = false;
      let rejection: string | undefined;
      const timer = window.setTimeout(() => {
        rejection = 'The service did not answer the handshake in time. Try again.';
        socket.close();
      }, HANDSHAKE_TIMEOUT_MS);

      socket.addEventListener('open', () => {
        opened = true;
        socket.send(JSON.stringify(handshake));
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const message = parseServerMessage(event.data);
        if (!message) return;
        if (this.started) {
          this.handlers.onMessage(message);
        } else if (message.type === 'HandshakeSuccess') {
          this.started = true;
          window.clearTimeout(timer);
          resolve(message);
        } else if (message.type === 'error') {
          // A rejected handshake (service "Handshake") or a full server (service "Session").
          rejection = startRefusal(message, handshake);
        }
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        window.clearTimeout(timer);
        if (this.started) {
          this.handlers.onClose({ code: event.code, reason: event.reason });
          return;
        }
        reject(new SessionStartError(rejection ?? refusal(opened, event.code, authRequired)));
      });
    });
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  send(message: ClientMessage): boolean {
    if (!this.isOpen) return false;
    this.socket!.send(JSON.stringify(message));
    return true;
  }

  /** Sends one PCM s16le frame; drops it (and counts it) when the send buffer is full. */
  sendAudio(frame: ArrayBuffer): boolean {
    if (!this.started || !this.isOpen) return false;
    if (this.socket!.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.droppedFrames++;
      return false;
    }
    this.socket!.send(frame);
    return true;
  }

  close(): void {
    this.socket?.close(1000, 'client left');
  }
}

/**
 * The service's refusal before the conversation, in a sentence for the bedside: a handshake the
 * service rejects names protocol fields and routes (`language_patient`, `GET /languages`), which
 * the console words itself.
 */
function startRefusal(
  error: Extract<ServerMessage, { type: 'error' }>,
  handshake: HandshakeMessage,
): string {
  if (!('reason' in error)) return error.message;
  if (error.reason === 'unsupported_language') {
    return unsupportedLanguageWording(
      error.message,
      handshake.language_medic,
      handshake.language_patient,
    );
  }
  return 'The service refused to start the conversation. Reload the page and try again.';
}

function refusal(opened: boolean, code: number, authRequired: boolean): string {
  if (!opened && authRequired) {
    return 'The service refused the connection. Check the API key: a missing or wrong key is refused.';
  }
  if (!opened) return 'The service could not be reached. Check that it is running, then try again.';
  if (code === 1013) return 'The service is busy with other conversations. Try again in a moment.';
  return `The connection closed before the conversation could start (code ${code}).`;
}

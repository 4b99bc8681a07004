import type { IncomingMessage } from 'node:http';
import { OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import type { RawData, WebSocket } from 'ws';
import { AppConfig } from '../config/app-config.js';
import { SessionManager } from './session/session-manager.js';
import { keepAlive } from './transport/heartbeat.js';
import { SESSION_WEBSOCKET_PATH } from './protocol/session-websocket-path.js';
import { WsSessionTransport } from './transport/ws-session-transport.js';

/**
 * The WebSocket endpoint of real-time sessions (decisions §5). Transport only: text frames go to
 * the connection's handshake or session as strings, binary frames as audio bytes.
 */
@WebSocketGateway({ path: SESSION_WEBSOCKET_PATH })
export class SessionGateway implements OnGatewayConnection {
  constructor(
    private readonly sessions: SessionManager,
    private readonly config: AppConfig,
  ) {}

  handleConnection(socket: WebSocket, _request: IncomingMessage): void {
    const transport = new WsSessionTransport(socket, this.config.WS_MAX_BUFFERED_BYTES);
    this.sessions.connectionOpened();
    keepAlive(socket, this.config.WS_PING_INTERVAL_MS);
    socket.once('close', (code: number) => this.sessions.connectionClosed(code));
    const connection = this.sessions.connect(transport);
    if (!connection) return;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const bytes = toBytes(data);
      if (isBinary) connection.onBinary(bytes);
      else connection.onText(Buffer.from(bytes).toString('utf8'));
    });
    socket.once('close', () => connection.onClose());
  }
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}

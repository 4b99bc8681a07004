import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import { toServerMessage } from '../protocol/server-message-mapper.js';
import type { Session } from './session.js';
import { SessionConnection, turnAway } from './session-connection.js';
import { SessionFactory } from './session-factory.js';
import { SessionHandshakeService } from './session-handshake.service.js';
import { SessionRegistry } from './session-registry.js';
import { CloseCode, type SessionTransport } from './session-transport.js';

/**
 * Accepts connections within the live-session limit, each one a SessionConnection that has its
 * handshake checked (SessionHandshakeService) and opens its session (SessionFactory); and ends
 * them all at shutdown.
 */
@Injectable()
export class SessionManager implements OnModuleDestroy {
  private readonly logger = new Logger(SessionManager.name);
  /** Every open connection, in its handshake or with a session: what a shutdown must end. */
  private readonly connections = new Set<SessionConnection>();
  private shuttingDown = false;

  constructor(
    private readonly config: AppConfig,
    private readonly registry: SessionRegistry,
    private readonly handshakes: SessionHandshakeService,
    private readonly sessions: SessionFactory,
    private readonly metrics: OrchestratorMetrics,
  ) {}

  /** True from SIGTERM on: the live sessions are being drained, no new one is taken. */
  get draining(): boolean {
    return this.shuttingDown;
  }

  /** A new connection; undefined when the server is full (the client is told, then 1013). */
  connect(transport: SessionTransport): SessionConnection | undefined {
    if (this.shuttingDown) {
      turnAway(transport);
      return undefined;
    }
    // A full server is not a handshake problem: it shows as an abnormal close (1013).
    if (this.registry.occupancy >= this.config.SESSION_MAX_LIVE) {
      transport.send(
        toServerMessage({
          kind: 'failure',
          service: 'Session',
          message: `The server is at its limit of ${this.config.SESSION_MAX_LIVE} live sessions (SESSION_MAX_LIVE); try again in a moment.`,
        }),
      );
      transport.close(CloseCode.TryAgainLater, 'too many live sessions');
      return undefined;
    }
    const connection = new SessionConnection(
      this.handshakes,
      this.sessions,
      transport,
      this.registry.reserve(),
    );
    this.connections.add(connection);
    void connection.closed.then(() => this.connections.delete(connection));
    return connection;
  }

  /** Every WebSocket connection to /ws, accepted or not, and how it closed. */
  connectionOpened(): void {
    this.metrics.connectionOpened();
  }

  connectionClosed(code: number): void {
    this.metrics.connectionClosed(code);
  }

  /**
   * The application is stopping (SIGTERM): new connections are turned away, and each live session
   * is told, drained, given its archive and closed with 1001, all within SHUTDOWN_GRACE_MS.
   * A handshake still being checked (at start-up, the TTS engine's voice check) is let finish
   * first, so that its session ends the same way. A connection without a session gets 1001.
   * Runs before the engines' modules are destroyed (Nest destroys the modules nearest the root
   * first, and this one imports them), so the voice check and the sentences in flight can finish.
   */
  async onModuleDestroy(): Promise<void> {
    this.shuttingDown = true;
    const connections = [...this.connections];
    if (connections.length === 0) return;
    this.logger.log(`Ending ${connections.length} connection(s) before shutting down`);
    const deadline = Date.now() + this.config.SHUTDOWN_GRACE_MS;
    const end = (session: Session) =>
      session.end(
        true,
        {
          reason: 'server_shutdown',
          notice:
            'The server is shutting down: the sentences in progress are finished and the archive is delivered, then the session closes.',
        },
        CloseCode.GoingAway,
        { ms: Math.max(0, deadline - Date.now()), setting: 'SHUTDOWN_GRACE_MS' },
      );
    await Promise.all(connections.map((connection) => connection.shutDown(end, deadline)));
  }
}

import type WebSocket from 'ws';
import type { SessionConnection } from '../../tools/session-client/session-connection.js';

/**
 * The client's WebSocket of a SessionConnection (private there: only this bench needs it), for
 * its send buffer and to cut a session with terminate(): no close frame, as a lost client.
 */
export const clientSocketOf = (session: SessionConnection) =>
  (session as unknown as { socket?: WebSocket }).socket;

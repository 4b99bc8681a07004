import type { WebSocket } from 'ws';

/**
 * Pings a connection every `intervalMs`; one that has not answered the previous ping is
 * terminated (its peer is gone without a close: a half-open connection), which closes its
 * session. The pings also keep proxies with idle timeouts from cutting a quiet session.
 *
 * While the server itself has paused reading the socket (backpressure: the session is behind),
 * pongs cannot arrive, so that interval does not count: a busy server must not drop its own
 * healthy sessions.
 */
export function keepAlive(socket: WebSocket, intervalMs: number): void {
  let answered = true;
  socket.on('pong', () => (answered = true));
  const timer = setInterval(() => {
    if (socket.isPaused) {
      answered = true;
      return;
    }
    if (!answered) {
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, intervalMs);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}

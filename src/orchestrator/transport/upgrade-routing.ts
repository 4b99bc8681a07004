import type { IncomingMessage, Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { SESSION_WEBSOCKET_PATH } from '../protocol/session-websocket-path.js';

type UpgradeFilter = (request: IncomingMessage) => boolean;

const SEE = 'see docs/protocol.md, or /docs/asyncapi.json for its machine-readable description';

/** Whether the request asks to switch to WebSocket (its Upgrade header names it, RFC 6455 §4.1). */
export function isWebSocketUpgrade(request: IncomingMessage): boolean {
  const upgrade = request.headers.upgrade;
  if (typeof upgrade !== 'string') return false;
  return upgrade.split(',').some((protocol) => protocol.trim().toLowerCase() === 'websocket');
}

/**
 * The path an upgrade asks for, computed as @nestjs/platform-ws's upgrade listener computes it
 * (that listener answers a target it cannot parse with a malformed response, so such targets must
 * never reach it); undefined when the target or the Host header is not a valid URL.
 */
export function upgradePath(request: IncomingMessage): string | undefined {
  try {
    return new URL(request.url ?? '/', `ws://${request.headers.host}/`).pathname;
  } catch {
    return undefined;
  }
}

/**
 * Only WebSocket handshakes for /ws become upgrades; every other request that carries an Upgrade
 * header is an ordinary request for express. Without this, Node hands every such request to the
 * WebSocket adapter, which destroys the socket of any other path (the client sees "socket hang
 * up", no status) and drops other protocols' upgrades (`Upgrade: h2c`) that HTTP lets a server
 * ignore. Node ≥ 24.9 asks `shouldUpgradeCallback` which requests to treat as upgrades.
 */
export function upgradeOnlySessionHandshakes(server: Server): void {
  // A Server property since Node 24.9, set from the option of that name; @types/node types
  // only the option, and Nest creates the server.
  (server as Server & { shouldUpgradeCallback: UpgradeFilter }).shouldUpgradeCallback = (request) =>
    request.method === 'GET' &&
    isWebSocketUpgrade(request) &&
    upgradePath(request) === SESSION_WEBSOCKET_PATH;
}

/**
 * Express middleware that answers the WebSocket handshakes `upgradeOnlySessionHandshakes` left
 * to express, with the decisions §3 body: 404 for another path, 405 for another method on /ws,
 * 400 for an unreadable target or a missing `Connection: Upgrade`. Before any route, so that a
 * handshake on /health or / is not answered with the page as if it had been understood.
 */
export function answerMisdirectedHandshakes(
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  if (!isWebSocketUpgrade(request)) return next();
  const path = upgradePath(request);
  if (path === undefined) {
    response.status(400).json({
      detail: 'The WebSocket handshake has a request target or Host header that is not a URL.',
    });
  } else if (path !== SESSION_WEBSOCKET_PATH) {
    response.status(404).json({
      detail: `There is no WebSocket endpoint at this path: sessions open at ${SESSION_WEBSOCKET_PATH} (${SEE}).`,
    });
  } else if (request.method !== 'GET') {
    response
      .status(405)
      .setHeader('Allow', 'GET')
      .json({ detail: `A WebSocket handshake is a GET request (${SEE}).` });
  } else {
    response.status(400).json({
      detail: 'A WebSocket handshake needs the header "Connection: Upgrade" (RFC 6455 §4.1).',
    });
  }
}

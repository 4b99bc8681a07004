import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../../config/security/trust-proxy.js';

/**
 * Which peer is the client, for the rate limits: the connection's address, or, behind trusted
 * reverse proxies (TRUST_PROXY), the address they forwarded in `X-Forwarded-For`. One function
 * decides for both surfaces: express's `trust proxy` (req.ip of HTTP requests) and the WebSocket
 * upgrade, which express never sees.
 */

/**
 * The client's address as express computes req.ip with the same trust function: from the
 * connection towards the first `X-Forwarded-For` entry, the first peer that is not trusted.
 */
export function clientAddress(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  trust: TrustProxy | undefined,
): string {
  const peer = request.socket.remoteAddress ?? '';
  if (!trust) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .reverse();
  const chain = [peer, ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) {
    if (!trust(chain[hop], hop)) return chain[hop];
  }
  return chain[chain.length - 1];
}

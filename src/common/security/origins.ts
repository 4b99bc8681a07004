import type { IncomingMessage } from 'node:http';
import { normalizeOrigin } from '../../config/security/origin-list.js';

/**
 * The WebSocket Origin check (cross-site WebSocket hijacking: a page of another site must not
 * open sessions from a user's browser, with the user's network position).
 */

/**
 * Whether a WebSocket upgrade may proceed as far as its Origin goes. No Origin: a client that is
 * not a browser (the CLI, an integration), allowed. Same origin: the Origin names the host and
 * port of the Host header the client sent. The scheme is not compared (behind a TLS proxy the
 * page is https and the service sees http), and a Host without a port matches the Origin's
 * default one (a proxy passing nginx's `$host` drops it). Otherwise only an origin of `allowed`.
 */
export function isAllowedWebSocketOrigin(
  request: Pick<IncomingMessage, 'headers'>,
  allowed: ReadonlySet<string>,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false; // `null` (sandboxed frames, file:) and garbage
  if (allowed.has(normalized)) return true;
  const host = parseHost(request.headers.host);
  if (host === undefined) return false;
  const page = new URL(normalized);
  if (page.hostname !== host.hostname) return false;
  const pagePort = page.port || (page.protocol === 'https:' ? '443' : '80');
  return host.port === undefined ? page.port === '' : host.port === pagePort;
}

/** The Host header's name (lower case, as URL.hostname writes it) and port, if it names one. */
function parseHost(header: string | undefined): { hostname: string; port?: string } | undefined {
  if (!header) return undefined;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+)(?::(\d{1,5}))?$/.exec(header.trim());
  if (!match) return undefined;
  try {
    const hostname = new URL(`http://${match[1]}`).hostname;
    return match[2] === undefined ? { hostname } : { hostname, port: String(Number(match[2])) };
  } catch {
    return undefined;
  }
}

import { request as httpRequest } from 'node:http';

/** How the server answered a WebSocket handshake sent as a raw HTTP request. */
export interface UpgradeAnswer {
  /** 101 when the server switched protocols, else the status of its HTTP answer. */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A valid WebSocket handshake's headers (RFC 6455 §4.1); override or drop any with `headers`. */
export const HANDSHAKE_HEADERS: Readonly<Record<string, string>> = {
  Connection: 'Upgrade',
  Upgrade: 'websocket',
  'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version': '13',
};

/**
 * Sends a handshake (or any request with the given headers) and reports the answer; rejects
 * when the server closes the connection without one ("socket hang up"). A 101 is closed at once.
 */
export function rawUpgrade(
  baseUrl: string,
  path: string,
  { method = 'GET', headers = HANDSHAKE_HEADERS } = {},
): Promise<UpgradeAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseUrl), { method, headers });
    request.once('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' });
    });
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.once('error', reject);
    request.end();
  });
}

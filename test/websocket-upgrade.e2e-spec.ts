import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { HANDSHAKE_HEADERS, rawUpgrade, type UpgradeAnswer } from './support/raw-upgrade.js';
import { startSessionServer } from './support/ws-client.js';

/**
 * Issue 14 item 9: every WebSocket handshake the server does not accept gets an HTTP answer with
 * the decisions §3 body, `{"detail": "…"}` as JSON, like every other error: another path (404,
 * not a dropped connection), another method (405), a malformed handshake (400), a page of
 * another site (403), too many connections (429), a missing or wrong key (401).
 */

/** The decisions §3 body of a refused handshake, returning its `detail`. */
function expectDetail(answer: UpgradeAnswer, status: number): string {
  expect({ status: answer.status, type: answer.headers['content-type'] }).toEqual({
    status,
    type: 'application/json; charset=utf-8',
  });
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  return body.detail as string;
}

describe('WebSocket handshakes the server refuses (issue 14, item 9)', () => {
  describe('with the defaults', () => {
    let app: NestExpressApplication;
    let baseUrl: string;

    beforeAll(async () => {
      ({ app, baseUrl } = await startSessionServer());
    });
    afterAll(() => app?.close());

    it('still switches protocols for GET /ws, with or without a query', async () => {
      expect((await rawUpgrade(baseUrl, '/ws')).status).toBe(101);
      expect((await rawUpgrade(baseUrl, '/ws?client=kiosk')).status).toBe(101);
    });

    it.each(['/ws/', '/wss', '/foo', '/ws/extra', '/', '/health', '/docs', '/api/v1/ws'])(
      'answers a handshake on %s with 404 saying that sessions are at /ws',
      async (path) => {
        const answer = await rawUpgrade(baseUrl, path);
        const detail = expectDetail(answer, 404);
        expect(detail).toContain('at /ws');
        // An ordinary HTTP answer: helmet's headers are there too.
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      },
    );

    it('answers a handshake with another method than GET with 405 and Allow: GET', async () => {
      const answer = await rawUpgrade(baseUrl, '/ws', { method: 'POST' });
      expect(expectDetail(answer, 405)).toMatch(/GET request/);
      expect(answer.headers.allow).toBe('GET');
    });

    it('answers a handshake without "Connection: Upgrade" with 400', async () => {
      const headers = Object.fromEntries(
        Object.entries(HANDSHAKE_HEADERS).filter(([name]) => name !== 'Connection'),
      );
      const answer = await rawUpgrade(baseUrl, '/ws', { headers });
      expect(expectDetail(answer, 400)).toContain('Connection: Upgrade');
    });

    it('answers a malformed handshake with 400 and what is wrong, in JSON', async () => {
      const version = await rawUpgrade(baseUrl, '/ws', {
        headers: { ...HANDSHAKE_HEADERS, 'Sec-WebSocket-Version': '12' },
      });
      expect(expectDetail(version, 400)).toMatch(/Sec-WebSocket-Version/);
      expect(version.headers['sec-websocket-version']).toBe('13, 8');

      const key = await rawUpgrade(baseUrl, '/ws', {
        headers: { ...HANDSHAKE_HEADERS, 'Sec-WebSocket-Key': 'short' },
      });
      expect(expectDetail(key, 400)).toMatch(/Sec-WebSocket-Key/);
    });

    it('answers 403 in JSON to a page of another site', async () => {
      const answer = await rawUpgrade(baseUrl, '/ws', {
        headers: { ...HANDSHAKE_HEADERS, Origin: 'https://evil.example' },
      });
      expect(expectDetail(answer, 403)).toContain('WS_ALLOWED_ORIGINS');
    });

    it('answers an upgrade to another protocol (h2c) as an ordinary request', async () => {
      const answer = await rawUpgrade(baseUrl, '/languages', {
        headers: { Connection: 'Upgrade, HTTP2-Settings', Upgrade: 'h2c', 'HTTP2-Settings': '' },
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual(expect.any(Array));
    });
  });

  describe('with API keys and a connection limit', () => {
    let app: NestExpressApplication;
    let baseUrl: string;
    const withKey = (key: string) => ({ ...HANDSHAKE_HEADERS, Authorization: `Bearer ${key}` });

    beforeAll(async () => {
      ({ app, baseUrl } = await startSessionServer({
        API_KEYS: 'key-one',
        WS_CONNECTIONS_PER_MINUTE: '3',
      }));
    });
    afterAll(() => app?.close());

    it('answers a missing or wrong key with 401, WWW-Authenticate: Bearer and a JSON detail', async () => {
      const missing = await rawUpgrade(baseUrl, '/ws');
      expect(expectDetail(missing, 401)).toMatch(/required.*Bearer.*\?token=/);
      expect(missing.headers['www-authenticate']).toBe('Bearer');

      const wrong = await rawUpgrade(baseUrl, '/ws', { headers: withKey('key-two') });
      const detail = expectDetail(wrong, 401);
      expect(detail).toMatch(/not valid/);
      expect(detail).not.toContain('key-');
      expect(wrong.headers['www-authenticate']).toBe('Bearer');
    });

    it('answers a wrong path with 404 before asking for a key, like HTTP routes', async () => {
      expectDetail(await rawUpgrade(baseUrl, '/wss'), 404);
    });

    it('answers 429 in JSON with Retry-After past WS_CONNECTIONS_PER_MINUTE', async () => {
      // The two refused keys above counted; this one is the third.
      expect((await rawUpgrade(baseUrl, '/ws', { headers: withKey('key-one') })).status).toBe(101);
      const answer = await rawUpgrade(baseUrl, '/ws', { headers: withKey('key-one') });
      expect(expectDetail(answer, 429)).toMatch(/WS_CONNECTIONS_PER_MINUTE.*Retry in \d+ s/);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  });
});

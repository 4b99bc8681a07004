import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import WebSocket from 'ws';
import { startSessionServer } from './support/ws-client.js';

/**
 * Issue 8, security: rate limits (HTTP and WebSocket upgrades), helmet's headers and the
 * Content-Security-Policy, CORS and the WebSocket Origin allow-list, against the real service.
 * The request body and upload limits and the session idle timeout have their own tests
 * (errors, transcription, session-handshake and session-exit).
 */

const LANGUAGES = '/api/v1/translation/languages';

/** What a WebSocket upgrade was answered: 101 (open, then closed at once) or an HTTP refusal. */
interface Upgrade {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function upgrade(url: string, headers: Record<string, string> = {}): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, headers: {}, body: '' });
    });
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    socket.once('error', reject);
  });
}

/** The directives of a Content-Security-Policy header, each with its sources. */
function csp(header: string | undefined): Record<string, string[]> {
  expect(header).toBeDefined();
  return Object.fromEntries(
    header!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const CONSOLE_POLICY = {
  'default-src': ["'self'"],
  'connect-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

/** helmet's headers, as every answer must carry them. */
function expectSecurityHeaders(res: request.Response) {
  expect(res.headers['content-security-policy']).toBeDefined();
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  expect(res.headers['x-powered-by']).toBeUndefined();
}

/** No header of the CORS protocol at all. */
function expectNoCors(res: request.Response) {
  expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
}

describe('security (issue 8)', () => {
  describe('with the defaults', () => {
    let app: NestExpressApplication;
    let url: string;
    let port: number;
    const http = () => request(app.getHttpServer());

    beforeAll(async () => {
      ({ app, url } = await startSessionServer());
      port = Number(new URL(url).port);
    });
    afterAll(() => app?.close());

    it('puts the console policy and helmet headers on the page at /', async () => {
      // 200 with the console built (console/dist), else a 404: the same headers either way.
      const res = await http().get('/');
      expectSecurityHeaders(res);
      expect(csp(res.headers['content-security-policy'])).toEqual(CONSOLE_POLICY);
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    });

    it('puts them on API answers, with Cache-Control: no-store (medical data)', async () => {
      for (const path of [LANGUAGES, '/languages', '/console/settings', '/api/v1/nope']) {
        const res = await http().get(path);
        expect([path, res.status < 500]).toEqual([path, true]);
        expectSecurityHeaders(res);
        expect([path, csp(res.headers['content-security-policy'])]).toEqual([path, CONSOLE_POLICY]);
        expect([path, res.headers['cache-control']]).toEqual([path, 'no-store']);
      }
      const posted = await http()
        .post('/api/v1/translation/translate')
        .send({ text: 'Hello', source_language: 'eng_Latn', target_language: 'spa_Latn' })
        .expect(200);
      expectSecurityHeaders(posted);
      expect(posted.headers['cache-control']).toBe('no-store');
    });

    it('keeps Swagger UI at /docs working, with a policy of its own that still loads nothing external', async () => {
      const res = await http().get('/docs').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(res);
      const policy = csp(res.headers['content-security-policy']);
      // Its page has inline <style> blocks; its scripts are files of the service.
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:']);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['cache-control']).toBe('no-store');
      const scripts = [...res.text.matchAll(/<script\b[^>]*\bsrc\s*=\s*"([^"]+)"/gi)].map(
        (match) => new URL(match[1], `http://127.0.0.1:${port}/docs`).pathname,
      );
      expect(scripts.length).toBeGreaterThanOrEqual(2);
      expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/i); // no inline script
      for (const script of scripts) {
        const asset = await http().get(script).expect(200);
        expect([script, asset.headers['content-type']]).toEqual([
          script,
          expect.stringMatching(/javascript/),
        ]);
      }
      await http().get('/docs-json').expect(200);
    });

    it('limits generously by default and says so', async () => {
      const res = await http().get(LANGUAGES).expect(200);
      expect(res.headers['x-ratelimit-limit']).toBe('600');
    });

    it('has no CORS without CORS_ORIGINS', async () => {
      const get = await http().get(LANGUAGES).set('Origin', 'https://ehr.example.org').expect(200);
      expectNoCors(get);
      const preflight = await http()
        .options('/api/v1/translation/translate')
        .set('Origin', 'https://ehr.example.org')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      expectNoCors(preflight);
    });

    it("opens sessions for clients without an Origin and for the service's own pages", async () => {
      expect((await upgrade(url)).status).toBe(101);
      expect((await upgrade(url, { Origin: `http://127.0.0.1:${port}` })).status).toBe(101);
    });

    it('answers 403 to an upgrade from a page of another site, before any session', async () => {
      for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
        const res = await upgrade(url, { Origin: origin });
        expect([origin, res.status]).toEqual([origin, 403]);
      }
    });
  });

  describe('with low limits and API keys', () => {
    let app: NestExpressApplication;
    let url: string;
    const http = () => request(app.getHttpServer());
    const KEY = { Authorization: 'Bearer key-one' };

    beforeAll(async () => {
      ({ app, url } = await startSessionServer({
        API_KEYS: 'key-one,key-two',
        RATE_LIMIT_PER_MINUTE: '5',
        WS_CONNECTIONS_PER_MINUTE: '3',
      }));
    });
    afterAll(() => app?.close());

    it('answers 429 with {detail} and Retry-After past RATE_LIMIT_PER_MINUTE, on one budget per client', async () => {
      for (let i = 0; i < 3; i++) await http().get(LANGUAGES).set(KEY).expect(200);
      await http().get('/languages').expect(200);
      const last = await http().get('/console/settings').expect(200);
      expect(last.headers['x-ratelimit-remaining']).toBe('0');

      const refused = await http().get(LANGUAGES).set(KEY);
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(refused.body)).toEqual(['detail']);
      expect(refused.body.detail).toMatch(/5 per minute \(RATE_LIMIT_PER_MINUTE\)/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body.detail).toContain(`Retry in ${retryAfter} s`);
      expectSecurityHeaders(refused);
      expect(refused.headers['cache-control']).toBe('no-store');
      // Every route shares the budget; X-Forwarded-For is not believed without TRUST_PROXY.
      await http().get('/languages').expect(429);
      await http().get(LANGUAGES).set(KEY).set('X-Forwarded-For', '203.0.113.9').expect(429);
    });

    it('limits before checking the key, so that keys cannot be guessed at full speed', async () => {
      const res = await http().get(LANGUAGES).set('Authorization', 'Bearer guess');
      expect(res.status).toBe(429);
      await http().post('/api/v1/translation/translate').send({}).expect(429);
    });

    it('never limits the probes and the scraper', async () => {
      for (let i = 0; i < 10; i++) await http().get('/health/live').expect(200);
      for (let i = 0; i < 3; i++) await http().get('/metrics').expect(200);
      const health = await http().get('/health');
      expect(health.status).not.toBe(429);
    });

    it('answers 429 with Retry-After to upgrades past WS_CONNECTIONS_PER_MINUTE, refused keys included', async () => {
      expect((await upgrade(url, KEY)).status).toBe(101);
      expect((await upgrade(url)).status).toBe(401);
      expect((await upgrade(`${url}?token=key-two`)).status).toBe(101);
      const refused = await upgrade(url, KEY);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body).toMatch(/retry in \d+ s/i);
    });

    it('checks the Origin first: a foreign page gets 403 whatever its key or count', async () => {
      const res = await upgrade(`${url}?token=key-one`, { Origin: 'https://evil.example' });
      expect(res.status).toBe(403);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
    let app: NestExpressApplication;
    let url: string;
    const http = () => request(app.getHttpServer());
    const from = (forwarded: string) => ({ 'X-Forwarded-For': forwarded });

    beforeAll(async () => {
      // The test client plays the proxy (hop 0): the last X-Forwarded-For entry is the address
      // it saw; entries before it were sent by the client and are not believed.
      ({ app, url } = await startSessionServer({
        TRUST_PROXY: '1',
        RATE_LIMIT_PER_MINUTE: '2',
        WS_CONNECTIONS_PER_MINUTE: '1',
      }));
    });
    afterAll(() => app?.close());

    it('counts each forwarded client on its own budget', async () => {
      await http().get(LANGUAGES).set('X-Forwarded-For', '203.0.113.7').expect(200);
      await http().get(LANGUAGES).set('X-Forwarded-For', 'spoofed, 203.0.113.7').expect(200);
      await http().get(LANGUAGES).set('X-Forwarded-For', '203.0.113.7').expect(429);
      await http().get(LANGUAGES).set('X-Forwarded-For', '203.0.113.8').expect(200);
    });

    it('counts WebSocket upgrades under the same address', async () => {
      expect((await upgrade(url, from('198.51.100.1'))).status).toBe(101);
      expect((await upgrade(url, from('198.51.100.1'))).status).toBe(429);
      expect((await upgrade(url, from('198.51.100.9, 198.51.100.1'))).status).toBe(429);
      expect((await upgrade(url, from('198.51.100.1, 198.51.100.2'))).status).toBe(101);
    });
  });

  describe('with CORS_ORIGINS, WS_ALLOWED_ORIGINS, and key-one removed from API_KEYS', () => {
    let app: NestExpressApplication;
    let url: string;
    let port: number;
    const http = () => request(app.getHttpServer());
    const EHR = 'https://ehr.example.org';
    const CONSOLE = 'https://console.example.org';

    beforeAll(async () => {
      ({ app, url } = await startSessionServer({
        API_KEYS: 'key-two',
        CORS_ORIGINS: `${EHR}, http://10.0.0.5:8080`,
        WS_ALLOWED_ORIGINS: CONSOLE,
      }));
      port = Number(new URL(url).port);
    });
    afterAll(() => app?.close());

    it('gives an allowed origin Access-Control-Allow-Origin, with the methods and headers it needs', async () => {
      const get = await http()
        .get(LANGUAGES)
        .set('Origin', EHR)
        .set('Authorization', 'Bearer key-two')
        .expect(200);
      expect(get.headers['access-control-allow-origin']).toBe(EHR);
      expect(get.headers['vary']).toMatch(/Origin/);
      expect(get.headers['access-control-allow-credentials']).toBeUndefined();

      const preflight = await http()
        .options('/api/v1/translation/translate')
        .set('Origin', EHR)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(EHR);
      expect(preflight.headers['access-control-allow-methods']).toBe('GET,POST');
      expect(preflight.headers['access-control-allow-headers']).toBe('Authorization,Content-Type');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('gives any other origin no CORS header, preflight included', async () => {
      for (const origin of ['https://evil.example', 'https://ehr.example.org.evil.example']) {
        const get = await http()
          .get(LANGUAGES)
          .set('Origin', origin)
          .set('Authorization', 'Bearer key-two');
        expectNoCors(get);
        const preflight = await http()
          .options('/api/v1/translation/translate')
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'authorization,content-type');
        expectNoCors(preflight);
      }
    });

    it('opens sessions from the allow-listed origin and the own pages, refuses others', async () => {
      const key = { Authorization: 'Bearer key-two' };
      expect((await upgrade(url, { ...key, Origin: CONSOLE })).status).toBe(101);
      expect((await upgrade(url, { ...key, Origin: `http://127.0.0.1:${port}` })).status).toBe(101);
      expect((await upgrade(url, key)).status).toBe(101);
      // CORS_ORIGINS is for the HTTP API only.
      expect((await upgrade(url, { ...key, Origin: EHR })).status).toBe(403);
    });

    it('refuses a removed, a wrong and a missing key with 401, over HTTP and at the upgrade', async () => {
      for (const header of ['Bearer key-one', 'Bearer key-three', undefined]) {
        const req = http().get(LANGUAGES);
        const res = await (header ? req.set('Authorization', header) : req);
        expect([header, res.status]).toEqual([header, 401]);
        expect(typeof res.body.detail).toBe('string');
        const ws = await upgrade(url, header ? { Authorization: header } : {});
        expect([header, ws.status]).toEqual([header, 401]);
      }
      expect((await upgrade(`${url}?token=key-one`)).status).toBe(401);
      expect((await upgrade(`${url}?token=key-two`)).status).toBe(101);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { networkInterfaces } from 'node:os';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { startTestApp } from './support/test-app.js';

const LANGUAGES = '/api/v1/translation/languages';
const TRANSLATE = '/api/v1/translation/translate';
const VALID = { text: 'Hello', source_language: 'eng_Latn', target_language: 'spa_Latn' };

/** 401 with the decisions §3 body and the challenge header, and nothing that reveals a key. */
function expectUnauthorized(res: request.Response) {
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toBe('Bearer');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['detail']);
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.detail).toContain('Bearer');
  expect(res.text).not.toContain('key-one');
  expect(res.text).not.toContain('key-two');
}

describe('API keys (decisions §1)', () => {
  describe('with API_KEYS=key-one,key-two', () => {
    let app: NestExpressApplication;
    const get = (path = LANGUAGES) => request(app.getHttpServer()).get(path);

    beforeAll(async () => {
      app = await startTestApp({ API_KEYS: 'key-one,key-two' });
    });
    afterAll(() => app?.close());

    it('answers 401 without an Authorization header', async () => {
      const res = await get();
      expectUnauthorized(res);
      expect(res.body.detail).toMatch(/required/i);
    });

    it('answers 401 to a translate request without a key, valid or not', async () => {
      expectUnauthorized(await request(app.getHttpServer()).post(TRANSLATE).send(VALID));
      expectUnauthorized(await request(app.getHttpServer()).post(TRANSLATE).send({ text: 1 }));
    });

    it.each([
      ['a wrong key', 'Bearer key-three'],
      ['a prefix of a key', 'Bearer key-'],
      ['a key with extra characters', 'Bearer key-one1'],
      ['two keys at once', 'Bearer key-one key-two'],
      ['the Basic scheme', `Basic ${Buffer.from('user:key-one').toString('base64')}`],
      ['the key without a scheme', 'key-one'],
      ['an empty bearer token', 'Bearer '],
      ['the scheme alone', 'Bearer'],
    ])('answers 401 to %s', async (_name, header) => {
      const res = await get().set('Authorization', header);
      expectUnauthorized(res);
      expect(res.body.detail).toMatch(/not valid/i);
    });

    it.each(['key-one', 'key-two'])('accepts the configured key %s', async (key) => {
      const res = await get().set('Authorization', `Bearer ${key}`).expect(200);
      expect(res.body.total).toBeGreaterThan(0);
      await request(app.getHttpServer())
        .post(TRANSLATE)
        .set('Authorization', `Bearer ${key}`)
        .send(VALID)
        .expect(200);
    });

    it('accepts a lower-case scheme name (RFC 9110: the scheme is case-insensitive)', async () => {
      await get().set('Authorization', 'bearer key-one').expect(200);
    });

    it('keeps /docs and /docs-json open without a key', async () => {
      const json = await get('/docs-json').expect(200);
      expect(json.body.openapi).toMatch(/^3\./);
      const html = await get('/docs').expect(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
    });

    it('answers an unknown route with 404, not a 401 that hides it', async () => {
      const res = await get('/api/v1/nope').set('Authorization', 'Bearer key-one').expect(404);
      expect(typeof res.body.detail).toBe('string');
    });
  });

  describe('after a key is removed from API_KEYS', () => {
    let app: NestExpressApplication;

    beforeAll(async () => {
      app = await startTestApp({ API_KEYS: 'key-two' });
    });
    afterAll(() => app?.close());

    it('refuses the removed key and still accepts the remaining one', async () => {
      const removed = await request(app.getHttpServer())
        .get(LANGUAGES)
        .set('Authorization', 'Bearer key-one');
      expectUnauthorized(removed);
      await request(app.getHttpServer())
        .get(LANGUAGES)
        .set('Authorization', 'Bearer key-two')
        .expect(200);
    });
  });

  describe('without API_KEYS', () => {
    let app: NestExpressApplication;

    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(() => app?.close());

    it('answers every route without an Authorization header', async () => {
      const res = await request(app.getHttpServer()).get(LANGUAGES).expect(200);
      expect(res.headers['www-authenticate']).toBeUndefined();
      await request(app.getHttpServer()).post(TRANSLATE).send(VALID).expect(200);
      await request(app.getHttpServer()).get('/docs-json').expect(200);
    });

    it('ignores an Authorization header it has no keys for', async () => {
      await request(app.getHttpServer())
        .get(LANGUAGES)
        .set('Authorization', 'Bearer anything')
        .expect(200);
    });
  });

  /**
   * The bind address as the real process applies it (load-config.spec.ts checks config.host; this
   * checks main.ts listens there and says so).
   */
  describe('where node dist/main.js listens', () => {
    const servers: BuiltServer[] = [];
    /** A non-loopback IPv4 address of this machine, to tell 127.0.0.1 from 0.0.0.0 apart. */
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

    const reachable = async (host: string, port: number) => {
      try {
        await fetch(`http://${host}:${port}/docs-json`, { signal: AbortSignal.timeout(2_000) });
        return true;
      } catch {
        return false;
      }
    };

    beforeAll(() => ensureBuilt());
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
    });

    it('binds to 127.0.0.1 without API_KEYS, with a warning', async () => {
      const server = await startBuiltServer({ LOG_LEVEL: 'info' });
      servers.push(server);
      await server.waitForOutput(/Listening on/);
      const lines = server.stdout().split('\n');
      expect(lines.find((l) => l.includes('Listening on'))).toContain(
        `http://127.0.0.1:${server.port}`,
      );
      const warning = lines.find((l) => l.includes('API_KEYS is not set'));
      expect(warning).toBeDefined();
      expect(JSON.parse(warning!).level).toBe(40);
      if (external) expect(await reachable(external, server.port)).toBe(false);
    });

    it('binds to 0.0.0.0 with API_KEYS, and then requires a key', async () => {
      const server = await startBuiltServer({ LOG_LEVEL: 'info', API_KEYS: 'key-one' });
      servers.push(server);
      await server.waitForOutput(/Listening on/);
      const lines = server.stdout().split('\n');
      expect(lines.find((l) => l.includes('Listening on'))).toContain(
        `http://0.0.0.0:${server.port}`,
      );
      expect(server.stdout()).not.toContain('API_KEYS is not set');
      expect(server.stdout()).not.toContain('key-one');
      if (external) expect(await reachable(external, server.port)).toBe(true);
      const res = await fetch(`${server.url}${LANGUAGES}`);
      expect(res.status).toBe(401);
      const ok = await fetch(`${server.url}${LANGUAGES}`, {
        headers: { authorization: 'Bearer key-one' },
      });
      expect(ok.status).toBe(200);
    });
  });
});

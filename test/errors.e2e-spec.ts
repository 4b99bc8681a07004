import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  type Answer,
  LANGUAGES,
  TRANSLATE,
  VALID,
  expectDetailString,
  raw,
  startSmallBodyApp,
} from './support/error-answers.js';

/**
 * Error answers (decisions §3) to requests for what is not there, and the headers of every
 * answer. What a request body may not be: errors-bodies.e2e-spec.ts.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Error answers (decisions §3)', () => {
  let app: NestExpressApplication;
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    app = await startSmallBodyApp();
  });
  afterAll(() => app?.close());

  describe('routes', () => {
    // `/` is the interpreter console (console/dist), served when it is built.
    it.each(['/nope', '/nope.html', '/api/v1/nope', '/api/v1/translation', `${LANGUAGES}/extra`])(
      'answers GET %s with 404 {detail}',
      async (path) => {
        const res = await request(server()).get(path);
        expect(res.status).toBe(404);
        expectDetailString(res);
      },
    );

    // Issue 14 item 8: a known route under another method is a 405 naming the methods to use.
    it.each([
      ['GET', TRANSLATE, 'POST'],
      ['PUT', TRANSLATE, 'POST'],
      ['GET', '/api/v1/transcribe', 'POST'],
      ['GET', '/api/v1/transcribe/file', 'POST'],
      ['GET', '/api/v1/synthetize', 'POST'],
      ['OPTIONS', '/api/v1/llm/structured-summary', 'POST'],
      ['DELETE', LANGUAGES, 'GET'],
      ['POST', LANGUAGES, 'GET'],
      ['PATCH', LANGUAGES, 'GET'],
      ['POST', '/languages', 'GET'],
      ['POST', '/health', 'GET'],
      ['PUT', '/metrics', 'GET'],
      ['POST', '/docs-json', 'GET'],
    ])('answers %s %s with 405, Allow and {detail} saying to use %s', async (method, path, use) => {
      const res = await raw(app, { method, path, chunks: [] });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(use === 'GET' ? 'GET, HEAD' : use);
      expectDetailString(res);
      expect(JSON.parse(res.text).detail).toContain(`send a ${use} request`);
    });

    it('answers 405 to the spellings Express serves a route under, and HEAD with no body', async () => {
      for (const path of [`${TRANSLATE}/`, TRANSLATE.toUpperCase(), `${TRANSLATE}?x=1`]) {
        const res = await raw(app, { method: 'GET', path, chunks: [] });
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('POST');
      }
      const head = await raw(app, { method: 'HEAD', path: TRANSLATE, chunks: [] });
      expect(head.status).toBe(405);
      expect(head.headers.allow).toBe('POST');
      expect(head.text).toBe('');
    });

    it('answers 405 before reading the body: the method is what is wrong', async () => {
      for (const [type, body] of [
        ['text/plain', 'hello'],
        ['application/json', '{"text": '],
        ['application/json', `{"text": "${'a'.repeat(5000)}"}`],
      ]) {
        const res = await raw(app, {
          method: 'PUT',
          path: TRANSLATE,
          headers: { 'content-type': type },
          chunks: [Buffer.from(body)],
        });
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('POST');
      }
    });

    it.each([
      ['POST', '/nope'],
      ['DELETE', '/api/v1/nope'],
      ['GET', `${TRANSLATE}/extra`],
    ])('keeps 404 for %s %s, a path no route has', async (method, path) => {
      const res = await raw(app, { method, path, chunks: [] });
      expect(res.status).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expectDetailString(res);
    });
  });

  describe('X-Request-Id', () => {
    const cases: [string, () => Promise<Answer>][] = [
      ['a 200', () => request(server()).get(LANGUAGES)],
      ['a 404', () => request(server()).get('/nope')],
      ['a 422 (validation)', () => request(server()).post(TRANSLATE).send({ text: 'Hi' })],
      [
        'a 422 (malformed JSON)',
        () =>
          request(server())
            .post(TRANSLATE)
            .set('Content-Type', 'application/json')
            .send('{"text": '),
      ],
      [
        'a 413',
        () =>
          request(server())
            .post(TRANSLATE)
            .send({ ...VALID, text: 'a'.repeat(3000) }),
      ],
      [
        'a 415',
        () =>
          request(server())
            .post(TRANSLATE)
            .set('Content-Type', 'application/json; charset=latin1')
            .send(JSON.stringify(VALID)),
      ],
    ];

    it.each(cases)('is set on %s', async (_name, send) => {
      const res = await send();
      expect(res.headers['x-request-id']).toMatch(UUID);
    });

    it('differs between two requests', async () => {
      const a = await request(server()).get(LANGUAGES);
      const b = await request(server()).get(LANGUAGES);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it("echoes a caller's valid id, on success and on error", async () => {
      const ok = await request(server()).get(LANGUAGES).set('X-Request-Id', 'abc-123');
      expect(ok.headers['x-request-id']).toBe('abc-123');
      const missing = await request(server()).get('/nope').set('X-Request-Id', 'abc-123');
      expect(missing.status).toBe(404);
      expect(missing.headers['x-request-id']).toBe('abc-123');
    });

    it.each([
      ['with spaces', 'abc 123 def'],
      ['of 200 characters', 'a'.repeat(200)],
      ['with a header-injection attempt', 'abc-123%0d%0aSet-Cookie:x=1'],
      ['with a slash', '../../etc/passwd'],
    ])("replaces a caller's invalid id (%s) with a new one", async (_name, id) => {
      const res = await request(server()).get(LANGUAGES).set('X-Request-Id', id);
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('other headers', () => {
    it('does not advertise the framework', async () => {
      const res = await request(server()).get(LANGUAGES);
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  });
});

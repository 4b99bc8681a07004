import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startTestApp } from './support/test-app.js';

const LANGUAGES = '/api/v1/translation/languages';
const TRANSLATE = '/api/v1/translation/translate';
const VALID = { text: 'Hello', source_language: 'eng_Latn', target_language: 'spa_Latn' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** No answer ever carries a stack trace or an internal error message (decisions §3). */
function expectNoLeak(res: Answer) {
  expect(res.text).not.toMatch(/\bat [^\n]*\.(?:js|ts):\d/);
  expect(res.text).not.toMatch(/\.(?:js|ts):\d+:\d+/);
  expect(res.text).not.toContain('Error:');
  expect(res.text).not.toContain('node_modules');
}

/** A `{ detail: "…" }` body (decisions §3) with a readable sentence. */
function expectDetailString(res: Answer) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(10);
  expectNoLeak(res);
}

/** A 2.13 body: `{ detail: [{ loc, msg, type }] }`, every loc starting with `body`. */
function expectValidationBody(res: Answer): { loc: string[]; msg: string; type: string }[] {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { detail: { loc: string[]; msg: string; type: string }[] };
  expect(Object.keys(body)).toEqual(['detail']);
  expect(Array.isArray(body.detail)).toBe(true);
  expect(body.detail.length).toBeGreaterThan(0);
  for (const item of body.detail) {
    expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
    expect(item.loc[0]).toBe('body');
    expect(item.loc.every((part) => typeof part === 'string')).toBe(true);
    expect(typeof item.msg).toBe('string');
    expect(typeof item.type).toBe('string');
  }
  expectNoLeak(res);
  return body.detail;
}

/** 4xx, never 5xx, for whatever a client sends, with a decisions §3 body. */
function expectClientError(res: Answer) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = JSON.parse(res.text) as { detail?: unknown };
  expect(body.detail).toBeDefined();
  expectNoLeak(res);
}

/** One raw HTTP exchange, for bodies and framing supertest does not produce. */
function raw(
  app: NestExpressApplication,
  options: { method?: string; path: string; headers?: Record<string, string>; chunks: Buffer[] },
): Promise<Answer> {
  const { port } = app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks) req.write(chunk);
    req.end();
  });
}

/** A translate body whose `text` value is `value`, written as raw JSON. */
const translateJson = (value: string) =>
  `{"text": ${value}, "source_language": "eng_Latn", "target_language": "spa_Latn"}`;

describe('Error answers (decisions §3)', () => {
  let app: NestExpressApplication;
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    app = await startTestApp({ MAX_JSON_BODY_BYTES: '2048' });
    await app.listen(0, '127.0.0.1');
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

  describe('request bodies', () => {
    it('answers a body over MAX_JSON_BODY_BYTES with 413 naming the setting', async () => {
      const res = await request(server())
        .post(TRANSLATE)
        .send({ ...VALID, text: 'a'.repeat(3000) });
      expect(res.status).toBe(413);
      expectDetailString(res);
      expect(res.body.detail).toContain('MAX_JSON_BODY_BYTES');
      expect(res.body.detail).toContain('2048');
    });

    it('answers a chunked body (no Content-Length) over the limit with 413 too', async () => {
      const chunk = Buffer.from(' '.repeat(1000));
      const res = await raw(app, {
        path: TRANSLATE,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        chunks: [Buffer.from('{"text": "'), chunk, chunk, chunk, Buffer.from('"}')],
      });
      expect(res.status).toBe(413);
      expectDetailString(res);
    });

    it('accepts a body just under the limit', async () => {
      const text = 'The patient has a headache. '.repeat(60).trim();
      const body = JSON.stringify({ ...VALID, text });
      expect(Buffer.byteLength(body)).toBeLessThan(2048);
      const res = await request(server())
        .post(TRANSLATE)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(200);
    });

    it.each([
      ['a truncated object', '{"text": "Hello",'],
      ['a bare word', 'Hello'],
      ['single quotes', "{'text': 'Hello'}"],
      ['a trailing comma', '{"text": "Hello", "source_language": "eng_Latn",}'],
    ])('answers malformed JSON (%s) with 422 json_invalid', async (_name, body) => {
      const res = await request(server())
        .post(TRANSLATE)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(422);
      const detail = expectValidationBody(res);
      expect(detail).toEqual([{ loc: ['body'], msg: expect.any(String), type: 'json_invalid' }]);
    });

    it.each(['null', '"Hello"', '42', 'true'])(
      'answers a JSON %s instead of an object with 422',
      async (body) => {
        const res = await request(server())
          .post(TRANSLATE)
          .set('Content-Type', 'application/json')
          .send(body);
        expect(res.status).toBe(422);
        expectValidationBody(res);
      },
    );

    it.each([
      ['no body at all', () => request(server()).post(TRANSLATE)],
      [
        'an empty JSON body',
        () => request(server()).post(TRANSLATE).set('Content-Type', 'application/json').send(''),
      ],
      ['an empty object', () => request(server()).post(TRANSLATE).send({})],
    ])('answers %s with 422 naming each missing field', async (_name, send) => {
      const res = await send();
      expect(res.status).toBe(422);
      const detail = expectValidationBody(res);
      expect(detail).toEqual(
        expect.arrayContaining(
          ['text', 'source_language', 'target_language'].map((field) => ({
            loc: ['body', field],
            msg: expect.any(String),
            type: 'missing',
          })),
        ),
      );
    });

    it('answers a text/plain body with 415 (send JSON) or 422 naming the missing fields', async () => {
      const res = await request(server())
        .post(TRANSLATE)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(VALID));
      expectClientError(res);
      if (res.status === 415) {
        expectDetailString(res);
        expect(res.body.detail).toContain('application/json');
      } else {
        expect(res.status).toBe(422);
        const fields = expectValidationBody(res).map((d) => d.loc.join('.'));
        expect(fields).toEqual(
          expect.arrayContaining(['body.text', 'body.source_language', 'body.target_language']),
        );
      }
    });

    it('answers a form-encoded body with a 4xx {detail}', async () => {
      const res = await request(server())
        .post(TRANSLATE)
        .type('form')
        .send('text=Hello&source_language=eng_Latn&target_language=spa_Latn');
      expectClientError(res);
    });

    it('answers an unsupported charset with 415', async () => {
      const res = await request(server())
        .post(TRANSLATE)
        .set('Content-Type', 'application/json; charset=latin1')
        .send(JSON.stringify(VALID));
      expect(res.status).toBe(415);
      expectDetailString(res);
    });

    it('answers a body whose Content-Encoding does not match with a 4xx', async () => {
      const res = await raw(app, {
        path: TRANSLATE,
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        chunks: [Buffer.from(JSON.stringify(VALID))],
      });
      expectClientError(res);
    });

    it.each([
      ['a 0xFF byte', Buffer.from([0xff])],
      ['a truncated two-byte sequence', Buffer.from([0xc3, 0x28])],
      ['an overlong encoding of "/"', Buffer.from([0xc0, 0xaf])],
      ['an encoded UTF-16 surrogate', Buffer.from([0xed, 0xa0, 0x80])],
    ])('answers invalid UTF-8 (%s) in the body with a 4xx', async (_name, bytes) => {
      const res = await raw(app, {
        path: TRANSLATE,
        headers: { 'content-type': 'application/json' },
        chunks: [
          Buffer.from('{"text": "Hello '),
          bytes,
          Buffer.from(' world", "source_language": "eng_Latn", "target_language": "spa_Latn"}'),
        ],
      });
      expectClientError(res);
    });

    it.each([
      ['__proto__', '{"__proto__": {"polluted": true}, "text": "Hi"}'],
      ['constructor', '{"constructor": {"prototype": {"polluted": true}}, "text": "Hi"}'],
    ])('refuses a %s key with 422 and pollutes nothing', async (_name, body) => {
      const res = await request(server())
        .post(TRANSLATE)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(422);
      expectValidationBody(res);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  /**
   * Issue 14 item 6: text of only spaces, line breaks or invisible characters holds nothing to
   * translate, speak or summarize; it got 200 with "" (or a 352-byte WAV, or itself echoed). The
   * WebSocket's text_input refuses it, and so does every HTTP text field.
   */
  describe('blank text', () => {
    const ENDPOINTS: [string, string, Record<string, unknown>][] = [
      [TRANSLATE, 'text', { source_language: 'eng_Latn', target_language: 'spa_Latn' }],
      ['/api/v1/synthetize', 'text', { language: 'en', gender: 'female' }],
      ['/api/v1/llm/paraphrase', 'sentence', {}],
      ['/api/v1/llm/summarize', 'sentence', {}],
      ['/api/v1/llm/generate', 'prompt', {}],
      ['/api/v1/llm/structured-summary', 'sentence', { target_language: 'fr' }],
    ];
    /** `"\u00a0"` rather than an invisible character, in the test's name. */
    const escaped = (text: string) =>
      JSON.stringify(text).replace(
        /[^\x20-\x7e]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    const BLANKS = ['   ', '\n\t \r\n', '\u00a0\u3000', '\u200b\ufeff'];
    const cases = ENDPOINTS.flatMap(([path, field, rest]) =>
      BLANKS.map((blank) => [path, field, escaped(blank), { ...rest, [field]: blank }] as const),
    );

    it.each(cases)(
      'answers %s with %s = %s with 422 on that field',
      async (path, field, _shown, body) => {
        const res = await request(server()).post(path).send(body);
        expect(res.status).toBe(422);
        expect(expectValidationBody(res)).toEqual([
          { loc: ['body', field], msg: expect.stringContaining('blank'), type: 'string_too_short' },
        ]);
      },
    );

    it('still translates text with spaces around it', async () => {
      const res = await request(server())
        .post(TRANSLATE)
        .send({ ...VALID, text: '  Hello \n' })
        .expect(200);
      expect(res.body.translated_text).toMatch(/Hola/);
    });

    it('still says "must not be empty" for an empty string', async () => {
      const res = await request(server())
        .post(TRANSLATE)
        .send({ ...VALID, text: '' })
        .expect(422);
      expect(res.body.detail).toEqual([
        { loc: ['body', 'text'], msg: 'text must not be empty', type: 'string_too_short' },
      ]);
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

  it('is still serving after all of the above', async () => {
    const res = await request(server()).post(TRANSLATE).send(VALID).expect(200);
    // "Hello" is a fixed phrase ("Hola."); the machine would say "Hola".
    expect(res.body.translated_text).toMatch(/^Hola\.?$/);
  });
});

/** Bodies over 2048 bytes need the default MAX_JSON_BODY_BYTES. */
describe('Deeply nested JSON (default body limit)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it.each([
    ['5000 levels of arrays in text', translateJson('['.repeat(5000) + ']'.repeat(5000))],
    [
      '5000 levels of objects in text',
      translateJson('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)),
    ],
    [
      '5000 levels of arrays in an unknown field',
      `{"x": ${'['.repeat(5000)}${']'.repeat(5000)}, "text": "Hello", "source_language": "eng_Latn", "target_language": "spa_Latn"}`,
    ],
    ['200 levels of arrays in text', translateJson('['.repeat(200) + ']'.repeat(200))],
  ])('answers deeply nested JSON (%s) with a 4xx, not a 5xx', async (_name, body) => {
    expect(Buffer.byteLength(body)).toBeLessThan(1_048_576);
    const res = await request(app.getHttpServer())
      .post(TRANSLATE)
      .set('Content-Type', 'application/json')
      .send(body);
    expectClientError(res);
  });

  it('is still serving after them', async () => {
    await request(app.getHttpServer()).post(TRANSLATE).send(VALID).expect(200);
  });
});

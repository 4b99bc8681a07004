import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  TRANSLATE,
  VALID,
  expectClientError,
  expectDetailString,
  expectValidationBody,
  raw,
  startSmallBodyApp,
} from './support/error-answers.js';
import { startTestApp } from './support/test-app.js';

/**
 * Error answers (decisions §3) to request bodies: too large, not JSON or not an object, missing
 * or blank fields, in another encoding, nested too deep; and the service still serving after
 * them. Routes and headers: errors.e2e-spec.ts.
 */

/** A translate body whose `text` value is `value`, written as raw JSON. */
const translateJson = (value: string) =>
  `{"text": ${value}, "source_language": "eng_Latn", "target_language": "spa_Latn"}`;

describe('Error answers (decisions §3)', () => {
  let app: NestExpressApplication;
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    app = await startSmallBodyApp();
  });
  afterAll(() => app?.close());

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

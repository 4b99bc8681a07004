import { describe, expect, it } from '@jest/globals';
import { ENG, FRA, SPA, SWH } from '../../../test/support/catalog-language.fixture.js';
import { startFakeLibreTranslate } from '../../../test/support/fake-libretranslate.js';
import {
  CATALOG,
  TEXT,
  TIMEOUT_MS,
  failure,
  libreTranslateEachTest,
} from '../../../test/support/libretranslate-engine.fixture.js';
import { EngineTimeoutError, EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { LibreTranslateEngine } from './libretranslate.engine.js';

/**
 * LibreTranslateEngine's translations and its errors, on a fake server. The hospital glossary:
 * libretranslate-glossary.spec.ts; the languages it finds on the server:
 * libretranslate-languages.spec.ts.
 */

describe('LibreTranslateEngine', () => {
  const libre = libreTranslateEachTest();
  const { engine, signal, translations } = libre;

  describe('translate', () => {
    it('sends the mapped codes, plain-text format and api_key, and returns translatedText', async () => {
      libre.fake.set({ apiKey: 'secret' });
      const result = await engine('secret').translate(
        { text: TEXT, source: ENG, target: FRA },
        signal(),
      );

      expect(result).toBe(`[fr] ${TEXT}`);
      expect(translations()).toHaveLength(1);
      expect(translations()[0].method).toBe('POST');
      expect(translations()[0].headers['content-type']).toBe('application/json');
      expect(translations()[0].body).toEqual({
        q: TEXT,
        source: 'en',
        target: 'fr',
        format: 'text',
        api_key: 'secret',
      });
    });

    it('sends no api_key when none is configured', async () => {
      await engine().translate({ text: TEXT, source: FRA, target: SPA }, signal());
      expect(translations()[0].body).toEqual({
        q: TEXT,
        source: 'fr',
        target: 'es',
        format: 'text',
      });
    });

    it('accepts a base URL with a trailing slash', async () => {
      const result = await engine(undefined, `${libre.fake.url}/`).translate(
        { text: 'Hello', source: ENG, target: SPA },
        signal(),
      );
      expect(result).toBe('[es] Hello');
    });

    it('rejects a language the server does not offer without calling /translate', async () => {
      const error = await failure(
        engine().translate({ text: TEXT, source: ENG, target: SWH }, signal()),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toContain('Swahili (swh_Latn)');
      expect(translations()).toHaveLength(0);
    });

    it('reports an unsupported pair with the server error', async () => {
      libre.fake.set({
        languages: [
          { code: 'en', name: 'English', targets: ['fr'] },
          { code: 'fr', name: 'French', targets: ['en'] },
          { code: 'es', name: 'Spanish', targets: ['en'] },
        ],
      });
      const error = await failure(
        engine().translate({ text: TEXT, source: ENG, target: SPA }, signal()),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      const said = 'Spanish (es) is not available as a target language from English (en)';
      expect(error.message).toBe('answered HTTP 400.');
      expect(error.remote).toBe(said);
      expect(error.detail).toBe(
        `Translation engine 'libretranslate': answered HTTP 400. The server said: ${said}.`,
      );
      expect(error.service).toBe('Translation');
      expect(error.engine).toBe('libretranslate');
    });

    it('reports a 500 with the server error cut to 200 characters', async () => {
      libre.fake.set({
        reply: { status: 500, path: '/translate', body: { error: 'x'.repeat(500) } },
      });
      const error = await failure(
        engine().translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 500.');
      expect(error.remote).toBe(`${'x'.repeat(200)}…`);
      expect(error.detail).toBe(
        `Translation engine 'libretranslate': answered HTTP 500. The server said: ${'x'.repeat(200)}…`,
      );
    });

    it('reports a non-JSON error page by its status alone', async () => {
      libre.fake.set({
        reply: {
          status: 502,
          path: '/translate',
          body: '<h1>Bad gateway</h1>',
          contentType: 'text/html',
        },
      });
      const error = await failure(
        engine().translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(error.message).toBe('answered HTTP 502.');
    });

    it('points at LIBRETRANSLATE_API_KEY on a rejected key (403)', async () => {
      libre.fake.set({ apiKey: 'right' });
      const error = await failure(
        engine('wrong').translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('refused the request (HTTP 403).');
      expect(error.remote).toBe('Invalid API key');
      expect(error.detail).toBe(
        "Translation engine 'libretranslate': refused the request (HTTP 403). The server said: Invalid API key. Check LIBRETRANSLATE_API_KEY: the server rejected it.",
      );
      expect(error.hint).toContain('LIBRETRANSLATE_API_KEY');
      expect(error.hint).not.toContain('wrong');
    });

    it('points at LIBRETRANSLATE_API_KEY on a 401 and on a missing key', async () => {
      libre.fake.set({
        reply: { status: 401, path: '/translate', body: { error: 'Unauthorized' } },
      });
      const unauthorized = await failure(
        engine('k').translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(unauthorized.hint).toBe('Check LIBRETRANSLATE_API_KEY: the server rejected it.');

      libre.fake.set({ reply: undefined, apiKey: 'right' });
      const missing = await failure(
        engine().translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(missing.message).toContain('HTTP 400');
      expect(missing.hint).toBe('Set LIBRETRANSLATE_API_KEY: the server requires an API key.');
    });

    it.each([
      ['an empty object', {}],
      ['a non-string translatedText', { translatedText: 42 }],
      ['a batch answer', { translatedText: ['a'] }],
      ['a non-JSON body', 'Hola'],
    ])('rejects a 2xx with %s', async (_what, body) => {
      libre.fake.set({ reply: { status: 200, path: '/translate', body } });
      const error = await failure(
        engine().translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 200 without a translatedText string.');
    });

    it('times out after timeoutMs', async () => {
      const subject = engine(undefined, libre.fake.url, CATALOG, TIMEOUT_MS);
      await subject.availableCodes(); // discovery is cached, so only /translate is slow
      libre.fake.set({ delayMs: 2_000 });
      const started = Date.now();
      const error = await failure(
        subject.translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );

      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe(`did not answer within ${TIMEOUT_MS} ms.`);
      expect(error.hint).toContain('TRANSLATION_TIMEOUT_MS');
      expect(error.hint).toContain(libre.fake.url);
    });

    it('stops when the caller aborts', async () => {
      const subject = new LibreTranslateEngine(
        { baseUrl: libre.fake.url, timeoutMs: 5_000 },
        CATALOG,
      );
      await subject.availableCodes();
      libre.fake.set({ delayMs: 2_000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await failure(
        subject.translate({ text: TEXT, source: ENG, target: FRA }, controller.signal),
      );

      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toMatch(/^was cancelled after \d+ ms\.$/);
    });

    it('does not call the server when the signal is already aborted', async () => {
      const subject = engine();
      await subject.availableCodes();
      const controller = new AbortController();
      controller.abort();
      const error = await failure(
        subject.translate({ text: TEXT, source: ENG, target: FRA }, controller.signal),
      );
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(translations()).toHaveLength(0);
    });

    it('never puts the text in an error, even when the server echoes it', async () => {
      const cases = [
        { status: 500, body: { error: `Cannot translate text: ${TEXT}` } },
        { status: 400, body: { error: `${TEXT} is not supported` } },
        { status: 403, body: { error: `Invalid API key for ${TEXT}` } },
        { status: 200, body: { translatedText: null, echo: TEXT } },
      ];
      for (const reply of cases) {
        libre.fake.set({ reply: { ...reply, path: '/translate' } });
        const error = await failure(
          engine().translate({ text: TEXT, source: ENG, target: FRA }, signal()),
        );
        expect(`${error.message} ${error.detail}`).not.toContain(TEXT);
        expect(`${error.message} ${error.detail}`).not.toContain('penicillin');
      }
    });

    it('keeps a partly quoted text out of the message, showing it only through remote', async () => {
      const first = 'Patient allergic to penicillin.';
      const second = 'Takes 500 mg paracetamol 2 x/day.';
      const cases = [
        { status: 500, body: { error: `Cannot translate "${second}"` } },
        { status: 400, body: { error: `Unexpected token in: ${second}` } },
        { status: 403, body: { error: `Invalid API key for "${second}"` } },
      ];
      for (const reply of cases) {
        libre.fake.set({ reply: { ...reply, path: '/translate' } });
        const error = await failure(
          engine().translate({ text: `${first} ${second}`, source: ENG, target: FRA }, signal()),
        );
        expect(error.message).toBe(
          reply.status === 403
            ? 'refused the request (HTTP 403).'
            : `answered HTTP ${reply.status}.`,
        );
        for (const quoted of [second, 'Takes', 'paracetamol', '500 mg', 'x/day']) {
          expect(error.message).not.toContain(quoted);
        }
        // Only the whole text is replaced by [text]: a partial quote reaches the client, never the log.
        expect(error.remote).toBe(reply.body.error);
        expect(error.detail).toContain(`The server said: ${reply.body.error}`);
      }
    });
  });

  describe('unreachable server', () => {
    it('reports connection refused on a closed port, naming LIBRETRANSLATE_URL', async () => {
      const closed = await startFakeLibreTranslate();
      await closed.close();
      const subject = engine(undefined, closed.url);

      for (const attempt of [
        () => subject.availableCodes(),
        () => subject.translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      ]) {
        const error = await failure(attempt());
        expect(error).toBeInstanceOf(EngineUnavailableError);
        expect(error.message).toBe('could not be reached (ECONNREFUSED).');
        expect(error.hint).toContain(`LIBRETRANSLATE_URL (${closed.url})`);
        expect(error.detail).not.toContain(TEXT);
      }
    });

    it('hides credentials embedded in LIBRETRANSLATE_URL', async () => {
      const url = libre.fake.url.replace('http://', 'http://user:pa55@');
      libre.fake.set({ reply: { status: 500, path: '/languages', body: {} } });
      const error = await failure(engine(undefined, url).availableCodes());
      expect(error.hint).not.toContain('pa55');
    });
  });
});

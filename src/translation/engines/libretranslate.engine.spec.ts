import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  EngineError,
  EngineOutputRejectedError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import {
  FakeLibreTranslate,
  startFakeLibreTranslate,
} from '../../../test/support/fake-libretranslate.js';
import { LibreTranslateEngine } from './libretranslate.engine.js';
import { GLOSSARY_TEXT, glossaryTerm } from '../../../test/support/fixed-term.fixture.js';
import {
  ENG,
  FRA,
  POR,
  SPA,
  SWH,
  ZHS,
  ZHT,
} from '../../../test/support/catalog-language.fixture.js';
import { rejection } from '../../../test/support/rejection.js';

const CATALOG = [ENG, FRA, SPA, POR, ZHS, ZHT, SWH];

const TEXT = 'Patient allergic to penicillin, takes 500 mg paracetamol 2 x/day';
/** What the timeout tests wait for; the others allow a loaded CI machine's fake server 10 000 ms. */
const TIMEOUT_MS = 200;
const ANSWER_TIMEOUT_MS = 10_000;

// GLOSSARY_TEXT's hospital glossary term (ward → planta) and built-in one (chest → pecho).
const WARD = glossaryTerm('ward', 'planta', 'glossary');
const CHEST = glossaryTerm('chest', 'pecho', 'builtin');

/** The EngineError a promise rejects with. */
const failure = (promise: Promise<unknown>) => rejection(promise, EngineError);

describe('LibreTranslateEngine', () => {
  let fake: FakeLibreTranslate;
  const engine = (
    apiKey?: string,
    baseUrl = fake.url,
    languages = CATALOG,
    timeoutMs = ANSWER_TIMEOUT_MS,
  ) => new LibreTranslateEngine({ baseUrl, apiKey, timeoutMs }, languages);
  const signal = () => new AbortController().signal;
  const translations = () => fake.requests.filter((r) => r.path === '/translate');

  beforeEach(async () => {
    fake = await startFakeLibreTranslate();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await fake.close();
  });

  describe('translate', () => {
    it('sends the mapped codes, plain-text format and api_key, and returns translatedText', async () => {
      fake.set({ apiKey: 'secret' });
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
      const result = await engine(undefined, `${fake.url}/`).translate(
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
      fake.set({
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
      fake.set({ reply: { status: 500, path: '/translate', body: { error: 'x'.repeat(500) } } });
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
      fake.set({
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
      fake.set({ apiKey: 'right' });
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
      fake.set({ reply: { status: 401, path: '/translate', body: { error: 'Unauthorized' } } });
      const unauthorized = await failure(
        engine('k').translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(unauthorized.hint).toBe('Check LIBRETRANSLATE_API_KEY: the server rejected it.');

      fake.set({ reply: undefined, apiKey: 'right' });
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
      fake.set({ reply: { status: 200, path: '/translate', body } });
      const error = await failure(
        engine().translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 200 without a translatedText string.');
    });

    it('times out after timeoutMs', async () => {
      const subject = engine(undefined, fake.url, CATALOG, TIMEOUT_MS);
      await subject.availableCodes(); // discovery is cached, so only /translate is slow
      fake.set({ delayMs: 2_000 });
      const started = Date.now();
      const error = await failure(
        subject.translate({ text: TEXT, source: ENG, target: FRA }, signal()),
      );

      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe(`did not answer within ${TIMEOUT_MS} ms.`);
      expect(error.hint).toContain('TRANSLATION_TIMEOUT_MS');
      expect(error.hint).toContain(fake.url);
    });

    it('stops when the caller aborts', async () => {
      const subject = new LibreTranslateEngine({ baseUrl: fake.url, timeoutMs: 5_000 }, CATALOG);
      await subject.availableCodes();
      fake.set({ delayMs: 2_000 });
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
        fake.set({ reply: { ...reply, path: '/translate' } });
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
        fake.set({ reply: { ...reply, path: '/translate' } });
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

  describe('hospital glossary', () => {
    const translateGlossary = (subject = engine(), fixedTerms = [WARD, CHEST]) =>
      subject.translate({ text: GLOSSARY_TEXT, source: ENG, target: SPA, fixedTerms }, signal());
    const sent = () => translations().map((r) => (r.body as { q: string }).q);

    it('sends a glossary term as a placeholder and writes its target form back; built-in terms are left to the server', async () => {
      expect(await translateGlossary()).toBe('[es] Back to the planta; the chest X-ray is at 9.');
      expect(sent()).toEqual(['Back to the XQZ1; the chest X-ray is at 9.']);
    });

    it('sends the text as it is, once, when it holds no glossary term', async () => {
      expect(await translateGlossary(engine(), [CHEST])).toBe(`[es] ${GLOSSARY_TEXT}`);
      expect(sent()).toEqual([GLOSSARY_TEXT]);
    });

    it('translates again without placeholders when one is lost, keeping a translation that writes the term', async () => {
      fake.set({
        translate: (q) =>
          q.includes('XQZ1') ? 'De vuelta a la; radiografía a las 9.' : 'De vuelta a la planta 9.',
      });
      expect(await translateGlossary()).toBe('De vuelta a la planta 9.');
      expect(sent()).toEqual(['Back to the XQZ1; the chest X-ray is at 9.', GLOSSARY_TEXT]);
    });

    it('withholds the translation when the placeholder is mangled and the plain translation uses another word', async () => {
      fake.set({
        translate: (q) => (q.includes('XQZ1') ? 'A la XQ-Z1 a las 9.' : 'A la sala a las 9.'),
      });
      const error = await failure(translateGlossary());
      expect(error).toBeInstanceOf(EngineOutputRejectedError);
      expect(error.message).toBe(
        `the translation did not keep the hospital glossary's term "planta" (glossary.tsv:2), so it was withheld: the server lost or changed the term's placeholder, and its translation without placeholders uses another word.`,
      );
      expect(error.hint).toContain('GLOSSARY_FILE');
      expect(error.detail).not.toContain('ward');
      expect(translations()).toHaveLength(2);
    });
  });

  describe('language discovery', () => {
    it('lists the catalog languages the server lists', async () => {
      expect([...(await engine().availableCodes())].sort()).toEqual(
        ['eng_Latn', 'fra_Latn', 'por_Latn', 'spa_Latn', 'zho_Hans', 'zho_Hant'].sort(),
      );
      expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/languages' });
    });

    it('caches the list for 60 s', async () => {
      const subject = engine();
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
      await Promise.all([subject.availableCodes(), subject.availableCodes()]);
      await subject.translate({ text: 'Hi', source: ENG, target: FRA }, signal());
      clock.mockReturnValue(now + 59_000);
      await subject.availableCodes();
      expect(fake.requests.filter((r) => r.path === '/languages')).toHaveLength(1);

      clock.mockReturnValue(now + 61_000);
      await subject.availableCodes();
      expect(fake.requests.filter((r) => r.path === '/languages')).toHaveLength(2);
    });

    it('does not cache a failure, and names LIBRETRANSLATE_URL', async () => {
      const subject = engine();
      fake.set({ reply: { status: 500, path: '/languages', body: { error: 'boot in progress' } } });
      const error = await failure(subject.availableCodes());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered GET /languages with HTTP 500.');
      expect(error.remote).toBe('boot in progress');
      expect(error.hint).toBe(
        `Check LIBRETRANSLATE_URL (${fake.url}) points to a running LibreTranslate server.`,
      );
      expect(error.detail).toBe(
        `Translation engine 'libretranslate': answered GET /languages with HTTP 500. The server said: boot in progress. ${error.hint}`,
      );

      fake.set({ reply: undefined });
      expect((await subject.availableCodes()).has('fra_Latn')).toBe(true);
      expect(fake.requests.filter((r) => r.path === '/languages')).toHaveLength(2);
    });

    it.each([
      ['an HTML page', '<html></html>'],
      ['an object', { languages: [] }],
    ])('rejects %s instead of a language list', async (_what, body) => {
      fake.set({ reply: { status: 200, path: '/languages', body } });
      const error = await failure(engine().availableCodes());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered GET /languages with HTTP 200 without a language list.');
    });

    it('reports a slow /languages as unavailable', async () => {
      fake.set({ delayMs: 2_000 });
      const error = await failure(
        engine(undefined, fake.url, CATALOG, TIMEOUT_MS).availableCodes(),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe(
        `did not list its languages: did not answer within ${TIMEOUT_MS} ms.`,
      );
      expect(error.hint).toContain('LIBRETRANSLATE_URL');
    });

    it.each([
      ['zh-Hans / zh-Hant', ['zh-Hans', 'zh-Hant'], 'zh-Hans', 'zh-Hant'],
      ['zh / zt', ['zh', 'zt'], 'zh', 'zt'],
      ['lower-case zh-hans / zh-hant', ['zh-hans', 'zh-hant'], 'zh-hans', 'zh-hant'],
    ])('maps Chinese to a server listing %s', async (_what, codes, simplified, traditional) => {
      fake.set({ languages: ['en', ...codes].map((code) => ({ code, name: code })) });
      const subject = engine();
      expect([...(await subject.availableCodes())].sort()).toEqual([
        'eng_Latn',
        'zho_Hans',
        'zho_Hant',
      ]);

      await subject.translate({ text: 'Fever', source: ENG, target: ZHS }, signal());
      await subject.translate({ text: 'Fever', source: ZHT, target: ENG }, signal());
      expect(translations().map((r) => r.body)).toEqual([
        expect.objectContaining({ source: 'en', target: simplified }),
        expect.objectContaining({ source: traditional, target: 'en' }),
      ]);
    });

    it('does not take Simplified zh for Traditional Chinese', async () => {
      fake.set({
        languages: [
          { code: 'en', name: 'English' },
          { code: 'zh', name: 'Chinese' },
        ],
      });
      const codes = await engine().availableCodes();
      expect(codes.has('zho_Hans')).toBe(true);
      expect(codes.has('zho_Hant')).toBe(false);
    });

    it.each([
      [['pt', 'pb'], 'pt'],
      [['pb'], 'pb'],
    ])('maps Portuguese to a server listing %j as %s', async (codes, expected) => {
      fake.set({ languages: ['en', ...codes].map((code) => ({ code, name: code })) });
      await engine().translate({ text: 'Cough', source: ENG, target: POR }, signal());
      expect(translations()[0].body).toMatchObject({ target: expected });
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
      const url = fake.url.replace('http://', 'http://user:pa55@');
      fake.set({ reply: { status: 500, path: '/languages', body: {} } });
      const error = await failure(engine(undefined, url).availableCodes());
      expect(error.hint).not.toContain('pa55');
    });
  });
});

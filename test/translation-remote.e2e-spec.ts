import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { LanguageCatalog } from '../src/language/catalog/language-catalog.js';
import { freePort } from './support/built-server.js';
import { type FakeLibreTranslate, startFakeLibreTranslate } from './support/fake-libretranslate.js';
import { FAKE_OPENAI_MODEL, type FakeOpenAi, startFakeOpenAi } from './support/fake-openai.js';
import { startTestApp } from './support/test-app.js';

const LANGUAGES = '/api/v1/translation/languages';
const TRANSLATE = '/api/v1/translation/translate';
// Room for two calls (a glossary retry) on a loaded machine; the fake answers at once.
const TIMEOUT_MS = 1_000;
/** Numbers, doses and units a translation must keep exactly. */
const TEXT = 'The patient takes 500 mg of paracetamol 2 x/day. Fever of 39.5 °C since yesterday.';
const DOSES = ['500 mg', '2 x/day', '39.5 °C'];
/** The example glossary: "chest" is "tórax" in Spanish (the built-in table says "pecho"). */
const GLOSSARY_FILE = 'deploy/glossary.example.tsv';
const GLOSSARY_TEXT = 'Pain in the chest since 2 days.';

/** A 503 `{ detail }` that names the engine and never repeats the text or a stack. */
function expect503(res: request.Response, engine: string, ...patterns: RegExp[]) {
  expect(res.status).toBe(503);
  expect(Object.keys(res.body)).toEqual(['detail']);
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.detail).toContain(`'${engine}'`);
  for (const pattern of patterns) expect(res.body.detail).toMatch(pattern);
  expect(res.text).not.toContain('paracetamol');
  expect(res.text).not.toMatch(/\bat [^\n]*\.(?:js|ts):\d/);
  expect(res.text).not.toContain('Error:');
}

const codesOf = (res: request.Response) => res.body.languages.map((l: { code: string }) => l.code);

/** What the shared cases use of a fake server; both fakes have it. */
interface FakeServer {
  readonly url: string;
  readonly requests: { readonly path: string; readonly body: unknown }[];
  /** `{ reply: undefined }` removes a forced reply. */
  set(options: {
    reply?: { status: number; path?: string; body: unknown; contentType?: string };
    delayMs?: number;
    apiKey?: string;
    translate?: (text: string) => string;
  }): void;
  close(): Promise<void>;
}

/** What differs between the remote engines for the cases they share. */
interface RemoteEngine<Fake extends FakeServer> {
  /** TRANSLATION_ENGINE, the X-Engine header and the engine each 503 detail names. */
  readonly name: string;
  /** Settings a 503 detail names: the server's URL, and its API key. */
  readonly urlSetting: string;
  readonly apiKeySetting: string;
  startFake(): Promise<Fake>;
  /** The app's settings for a server at `url` (TRANSLATION_TIMEOUT_MS is added). */
  env(url: string): Record<string, string>;
  /** The URL to configure for a server on `port`. */
  urlAt(port: number): string;
  /** Restores the fake's normal translation; the shared code clears delay, key and forced reply. */
  reset(fake: Fake): void;
  /** The path the engine translates with, where forced replies go. */
  readonly translatePath: string;
  /** The server's HTTP 500 body; it quotes the text, which the 503 must not. */
  readonly error500Body: unknown;
  /** A translation after all the failures: target, its locale and the normal fake's answer. */
  readonly stillServing: { target: string; locale: string; translated: string };
}

/** The app on a running fake, for the cases of one engine (set before they run). */
interface Remote<Fake extends FakeServer> {
  readonly fake: Fake;
  readonly app: NestExpressApplication;
  post(body: object): request.Test;
  /** The requests to the engine's translate path. */
  translateCalls(): FakeServer['requests'];
}

/** The app configured with a URL where nothing listens. */
interface Down {
  readonly app: NestExpressApplication;
  readonly url: string;
}

/**
 * One engine's describe: the app on a fake server, the engine's own cases, then the cases every
 * remote engine shares, and the same for a server that is down.
 */
function describeRemoteEngine<Fake extends FakeServer>(
  title: string,
  engine: RemoteEngine<Fake>,
  own: { cases(remote: Remote<Fake>): void; whenDown?(down: Down): void },
) {
  const startApp = (url: string) =>
    startTestApp({
      ...engine.env(url),
      TRANSLATION_TIMEOUT_MS: String(TIMEOUT_MS),
      GLOSSARY_FILE: GLOSSARY_FILE,
    });

  describe(title, () => {
    let fake: Fake;
    let app: NestExpressApplication;
    const post = (body: object) => request(app.getHttpServer()).post(TRANSLATE).send(body);
    const remote: Remote<Fake> = {
      get fake() {
        return fake;
      },
      get app() {
        return app;
      },
      post,
      translateCalls: () => fake.requests.filter((r) => r.path === engine.translatePath),
    };

    beforeAll(async () => {
      fake = await engine.startFake();
      app = await startApp(fake.url);
    });
    afterAll(async () => {
      await app?.close();
      await fake?.close();
    });
    beforeEach(() => {
      fake.set({ reply: undefined, delayMs: 0, apiKey: undefined });
      engine.reset(fake);
      fake.requests.length = 0;
    });

    own.cases(remote);

    it('withholds a translation that changed a number (39.5 → 39,5) with a 503', async () => {
      fake.set({ translate: (text) => text.replace('39.5', '39,5') });
      const res = await post({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      });
      expect503(res, engine.name, /withheld/);
      expect(res.text).not.toContain('39,5');
    });

    it('withholds a translation that dropped a number', async () => {
      fake.set({ translate: () => 'The patient takes paracetamol.' });
      const res = await post({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      });
      expect503(res, engine.name, /withheld/);
    });

    it('answers 503 naming the engine when the server fails with HTTP 500', async () => {
      fake.set({ reply: { status: 500, path: engine.translatePath, body: engine.error500Body } });
      const res = await post({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      });
      expect503(res, engine.name, /500/);
    });

    it('answers 503 when the server answers 200 with something that is not a translation', async () => {
      fake.set({
        reply: {
          status: 200,
          path: engine.translatePath,
          body: '<html>hello</html>',
          contentType: 'text/html',
        },
      });
      const res = await post({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      });
      expect503(res, engine.name, new RegExp(engine.urlSetting));
    });

    it(`answers 503 naming ${engine.apiKeySetting} when the server wants a key`, async () => {
      fake.set({ apiKey: 'server-key' });
      const res = await post({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      });
      expect503(res, engine.name, new RegExp(engine.apiKeySetting));
    });

    it(`answers 503 soon after ${TIMEOUT_MS} ms when the server is slower`, async () => {
      fake.set({ delayMs: 3_000 });
      const started = Date.now();
      const res = await post({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      });
      const elapsed = Date.now() - started;
      expect503(res, engine.name, new RegExp(`${TIMEOUT_MS} ms`), /TRANSLATION_TIMEOUT_MS/);
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 700);
    });

    it('returns the text unchanged for the same source and target, without calling the server', async () => {
      const res = await post({
        text: TEXT,
        source_language: 'spa_Latn',
        target_language: 'spa_Latn',
      }).expect(200);
      expect(res.body.translated_text).toBe(TEXT);
      expect(res.body.source_language).toBe('es-ES');
      expect(res.body.target_language).toBe('es-ES');
      // Only a LibreTranslate language list may be fetched (it is cached).
      expect(fake.requests.filter((r) => r.path !== '/languages')).toHaveLength(0);
    });

    it('is still serving after all of the above', async () => {
      const { target, locale, translated } = engine.stillServing;
      const res = await post({
        text: 'Take 12.5 mL.',
        source_language: 'eng_Latn',
        target_language: target,
      }).expect(200);
      expect(res.body.translated_text).toBe(translated);
      expect(res.body.target_language).toBe(locale);
    });

    describe('when the server is down', () => {
      let down: NestExpressApplication;
      let url: string;

      beforeAll(async () => {
        url = engine.urlAt(await freePort());
        down = await startApp(url);
      });
      afterAll(() => down?.close());

      own.whenDown?.({
        get app() {
          return down;
        },
        get url() {
          return url;
        },
      });

      it(`answers translate with 503 naming ${engine.urlSetting}, quickly`, async () => {
        const started = Date.now();
        const res = await request(down.getHttpServer())
          .post(TRANSLATE)
          .send({ text: TEXT, source_language: 'eng_Latn', target_language: 'spa_Latn' });
        expect503(res, engine.name, new RegExp(engine.urlSetting));
        expect(res.body.detail).toContain(url);
        expect(Date.now() - started).toBeLessThan(1_000);
      });

      it('still validates the request first (422, not 503)', async () => {
        await request(down.getHttpServer())
          .post(TRANSLATE)
          .send({ text: '', source_language: 'eng_Latn', target_language: 'spa_Latn' })
          .expect(422);
      });
    });
  });
}

const LIBRETRANSLATE: RemoteEngine<FakeLibreTranslate> = {
  name: 'libretranslate',
  urlSetting: 'LIBRETRANSLATE_URL',
  apiKeySetting: 'LIBRETRANSLATE_API_KEY',
  startFake: () => startFakeLibreTranslate(),
  env: (url) => ({ TRANSLATION_ENGINE: 'libretranslate', LIBRETRANSLATE_URL: url }),
  urlAt: (port) => `http://127.0.0.1:${port}`,
  reset: (fake) => fake.set({ translate: (q, _source, target) => `[${target}] ${q}` }),
  translatePath: '/translate',
  error500Body: { error: `Cannot translate text: ${TEXT}` },
  stillServing: { target: 'deu_Latn', locale: 'de-DE', translated: '[de] Take 12.5 mL.' },
};

const OPENAI: RemoteEngine<FakeOpenAi> = {
  name: 'openai',
  urlSetting: 'TRANSLATION_OPENAI_BASE_URL',
  apiKeySetting: 'TRANSLATION_OPENAI_API_KEY',
  startFake: () => startFakeOpenAi(),
  env: (url) => ({
    TRANSLATION_ENGINE: 'openai',
    TRANSLATION_OPENAI_BASE_URL: url,
    TRANSLATION_OPENAI_MODEL: FAKE_OPENAI_MODEL,
  }),
  urlAt: (port) => `http://127.0.0.1:${port}/v1`,
  reset: (fake) =>
    fake.set({ models: [FAKE_OPENAI_MODEL], translate: (text) => `[openai] ${text}` }),
  translatePath: '/v1/chat/completions',
  error500Body: {
    error: { message: `The server had an error processing ${TEXT}`, type: 'server_error' },
  },
  stillServing: { target: 'arb_Arab', locale: 'ar-EG', translated: '[openai] Take 12.5 mL.' },
};

describeRemoteEngine('Translation API on a LibreTranslate server', LIBRETRANSLATE, {
  cases(remote) {
    it('lists the catalog languages the server offers, sorted by bcp47', async () => {
      const res = await request(remote.app.getHttpServer()).get(LANGUAGES).expect(200);
      expect(res.headers['x-engine']).toBe('libretranslate');
      // The fake lists en, fr, es, de, pt, ar, zh-Hans and zh-Hant.
      expect(codesOf(res)).toEqual([
        'arb_Arab',
        'deu_Latn',
        'eng_Latn',
        'spa_Latn',
        'fra_Latn',
        'por_Latn',
        'zho_Hans',
        'zho_Hant',
      ]);
      expect(res.body.total).toBe(8);
      expect(res.body.languages.find((l: { code: string }) => l.code === 'zho_Hant')).toEqual({
        bcp47: 'zh-TW',
        iso_639_1: 'zh',
        iso_639_3: 'zho',
        code: 'zho_Hant',
        name: 'Chinese (Traditional)',
      });
    });

    it('translates, answering BCP-47 locales and keeping the numbers', async () => {
      const res = await remote
        .post({ text: TEXT, source_language: 'eng_Latn', target_language: 'spa_Latn' })
        .expect(200);
      expect(res.headers['x-engine']).toBe('libretranslate');
      expect(res.body).toEqual({
        success: true,
        origin: 'machine',
        source_language: 'en-US',
        target_language: 'es-ES',
        original_text: TEXT,
        translated_text: expect.stringContaining('[es] '),
        translation_seconds: expect.any(Number),
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      for (const dose of DOSES) expect(res.body.translated_text).toContain(dose);
      expect(remote.translateCalls()).toHaveLength(1);
      expect(remote.translateCalls()[0].body).toMatchObject({
        q: TEXT,
        source: 'en',
        target: 'es',
        format: 'text',
      });
    });

    it("writes the hospital glossary's term (GLOSSARY_FILE), sent as a placeholder", async () => {
      const res = await remote
        .post({ text: GLOSSARY_TEXT, source_language: 'eng_Latn', target_language: 'spa_Latn' })
        .expect(200);
      expect(res.body.translated_text).toBe('[es] Pain in the tórax since 2 days.');
      expect(remote.translateCalls().map((c) => (c.body as { q: string }).q)).toEqual([
        'Pain in the XQZ1 since 2 days.',
      ]);
    });

    it("withholds with a 503 a translation that loses the glossary's term", async () => {
      remote.fake.set({ translate: (q) => q.replace('XQZ1', '').replace('chest', 'pecho') });
      const res = await remote.post({
        text: GLOSSARY_TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      });
      expect503(
        res,
        'libretranslate',
        /glossary's term "tórax" \(deploy\/glossary\.example\.tsv:5\)/,
      );
      expect(remote.translateCalls()).toHaveLength(2);
    });

    it("sends the server's own code for scripts and regional variants", async () => {
      const res = await remote
        .post({ text: 'Hello', source_language: 'por_Latn', target_language: 'zho_Hant' })
        .expect(200);
      expect(res.body.source_language).toBe('pt-BR');
      expect(res.body.target_language).toBe('zh-TW');
      expect(remote.translateCalls()[0].body).toMatchObject({ source: 'pt', target: 'zh-Hant' });
    });

    it('refuses a catalog language the server does not list with 422 language_unavailable', async () => {
      const res = await remote
        .post({ text: 'Hello', source_language: 'eng_Latn', target_language: 'jpn_Jpan' })
        .expect(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'target_language'],
          msg: expect.stringContaining('libretranslate'),
          type: 'language_unavailable',
        },
      ]);
      expect(res.body.detail[0].msg).toContain('Japanese');
      // Italian, which the server does not list either, is reached by fixed phrases (issue 32):
      // a phrase, never the server.
      const italian = await remote
        .post({ text: 'Hello', source_language: 'eng_Latn', target_language: 'ita_Latn' })
        .expect(200);
      expect(italian.body).toMatchObject({ origin: 'phrasebook', target_language: 'it-IT' });
      expect(remote.translateCalls()).toHaveLength(0);
    });
  },

  whenDown(down) {
    it('answers the language list with 503 naming LIBRETRANSLATE_URL', async () => {
      const res = await request(down.app.getHttpServer()).get(LANGUAGES);
      expect503(res, 'libretranslate', /LIBRETRANSLATE_URL/);
      expect(res.body.detail).toContain(down.url);
    });
  },
});

describeRemoteEngine('Translation API on an OpenAI-compatible server', OPENAI, {
  cases(remote) {
    it('lists every catalog language (a model can attempt any), sorted by bcp47', async () => {
      const res = await request(remote.app.getHttpServer()).get(LANGUAGES).expect(200);
      expect(res.headers['x-engine']).toBe('openai');
      const catalog = new LanguageCatalog().all();
      expect(res.body.total).toBe(catalog.length);
      expect(codesOf(res)).toEqual(catalog.map((l) => l.code));
      const locales = res.body.languages.map((l: { bcp47: string }) => l.bcp47);
      expect(locales).toEqual([...locales].sort());
      expect(remote.fake.requests).toHaveLength(0);
    });

    it('translates, answering BCP-47 locales and keeping the numbers', async () => {
      const res = await remote
        .post({ text: TEXT, source_language: 'eng_Latn', target_language: 'fra_Latn' })
        .expect(200);
      expect(res.headers['x-engine']).toBe('openai');
      expect(res.body).toMatchObject({
        success: true,
        source_language: 'en-US',
        target_language: 'fr-FR',
        original_text: TEXT,
        translated_text: `[openai] ${TEXT}`,
      });
      for (const dose of DOSES) expect(res.body.translated_text).toContain(dose);
      expect(remote.translateCalls()).toHaveLength(1);
      const body = remote.translateCalls()[0].body as {
        model: string;
        messages: { role: string; content: string }[];
      };
      expect(body.model).toBe(FAKE_OPENAI_MODEL);
      expect(body.messages.at(-1)).toEqual({ role: 'user', content: TEXT });
      const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
      expect(system).toContain('en-US');
      expect(system).toContain('fr-FR');
      expect(system).not.toContain('paracetamol');
    });

    it("asks for the hospital glossary's term (GLOSSARY_FILE) and accepts an answer that writes it", async () => {
      remote.fake.set({ translate: () => 'Dolor en el tórax desde hace 2 días.' });
      const res = await remote
        .post({ text: GLOSSARY_TEXT, source_language: 'eng_Latn', target_language: 'spa_Latn' })
        .expect(200);
      expect(res.body.translated_text).toBe('Dolor en el tórax desde hace 2 días.');
      const body = remote.translateCalls()[0].body as { messages: { content: string }[] };
      expect(body.messages[0].content).toContain('- "chest" → "tórax"');
      expect(remote.translateCalls()).toHaveLength(1);
    });

    it("withholds with a 503 an answer that misses the glossary's term after one retry", async () => {
      remote.fake.set({ translate: () => 'Dolor en el pecho desde hace 2 días.' });
      const res = await remote.post({
        text: GLOSSARY_TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      });
      expect503(res, 'openai', /glossary's term "tórax"/, /TRANSLATION_OPENAI_MODEL/);
      expect(remote.translateCalls()).toHaveLength(2);
    });

    it('answers 503 naming TRANSLATION_OPENAI_MODEL when the server does not serve the model', async () => {
      remote.fake.set({ models: ['another-model'] });
      const res = await remote.post({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      });
      expect503(res, 'openai', /TRANSLATION_OPENAI_MODEL/);
    });
  },
});

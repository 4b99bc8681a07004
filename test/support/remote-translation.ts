/**
 * The translation API on a remote engine's server (a fake of it): what the remote engines' specs
 * share (test/translation-remote*.e2e-spec.ts), the cases every remote engine answers alike
 * included (describeRemoteEngine).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { freePort } from './free-port.js';
import { ANSWER_TIMEOUT_MS, slowServerApp } from './slow-server-app.js';
import { startTestApp } from './test-app.js';

export const LANGUAGES = '/api/v1/translation/languages';
const TRANSLATE = '/api/v1/translation/translate';
/** The deadline the slow-server case waits out, on an app of its own (slowServerApp). */
const TIMEOUT_MS = 1_000;
/** Numbers, doses and units a translation must keep exactly. */
export const TEXT =
  'The patient takes 500 mg of paracetamol 2 x/day. Fever of 39.5 °C since yesterday.';
export const DOSES = ['500 mg', '2 x/day', '39.5 °C'];
/** The example glossary: "chest" is "tórax" in Spanish (the built-in table says "pecho"). */
const GLOSSARY_FILE = 'deploy/glossary.example.tsv';
export const GLOSSARY_TEXT = 'Pain in the chest since 2 days.';

/** A 503 `{ detail }` that names the engine and never repeats the text or a stack. */
export function expect503(res: request.Response, engine: string, ...patterns: RegExp[]) {
  expect(res.status).toBe(503);
  expect(Object.keys(res.body)).toEqual(['detail']);
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.detail).toContain(`'${engine}'`);
  for (const pattern of patterns) expect(res.body.detail).toMatch(pattern);
  expect(res.text).not.toContain('paracetamol');
  expect(res.text).not.toMatch(/\bat [^\n]*\.(?:js|ts):\d/);
  expect(res.text).not.toContain('Error:');
}

export const codesOf = (res: request.Response) =>
  res.body.languages.map((l: { code: string }) => l.code);

/** What the shared cases use of a fake server; both fakes have it. */
export interface FakeServer {
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
export interface RemoteEngine<Fake extends FakeServer> {
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
export interface Remote<Fake extends FakeServer> {
  readonly fake: Fake;
  readonly app: NestExpressApplication;
  post(body: object): request.Test;
  /** The requests to the engine's translate path. */
  translateCalls(): FakeServer['requests'];
}

/** The app configured with a URL where nothing listens. */
export interface Down {
  readonly app: NestExpressApplication;
  readonly url: string;
}

/**
 * One engine's describe: the app on a fake server, the engine's own cases, then the cases every
 * remote engine shares, and the same for a server that is down.
 */
export function describeRemoteEngine<Fake extends FakeServer>(
  title: string,
  engine: RemoteEngine<Fake>,
  own: { cases(remote: Remote<Fake>): void; whenDown?(down: Down): void },
) {
  const startApp = (url: string, timeoutMs = ANSWER_TIMEOUT_MS) =>
    startTestApp({
      ...engine.env(url),
      TRANSLATION_TIMEOUT_MS: String(timeoutMs),
      GLOSSARY_FILE: GLOSSARY_FILE,
    });

  describe(title, () => {
    let fake: Fake;
    let app: NestExpressApplication;
    const postTo = (to: NestExpressApplication, body: object) =>
      request(to.getHttpServer()).post(TRANSLATE).send(body);
    const post = (body: object) => postTo(app, body);
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
    const resetFake = () => {
      fake.set({ reply: undefined, delayMs: 0, apiKey: undefined });
      engine.reset(fake);
      fake.requests.length = 0;
    };
    beforeEach(resetFake);

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

    describe(`when the server is slower than TRANSLATION_TIMEOUT_MS (${TIMEOUT_MS} ms)`, () => {
      const spanish = { text: TEXT, source_language: 'eng_Latn', target_language: 'spa_Latn' };
      const slow = slowServerApp({
        reset: resetFake,
        start: () => startApp(fake.url, TIMEOUT_MS),
        warm: (started) => postTo(started, spanish),
      });

      it(`answers 503 soon after ${TIMEOUT_MS} ms`, async () => {
        fake.set({ delayMs: 3_000 });
        const started = Date.now();
        const res = await postTo(slow(), spanish);
        const elapsed = Date.now() - started;
        expect503(res, engine.name, new RegExp(`${TIMEOUT_MS} ms`), /TRANSLATION_TIMEOUT_MS/);
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
        expect(elapsed).toBeLessThan(TIMEOUT_MS + 700);
      });
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

import { expect, it } from '@jest/globals';
import request from 'supertest';
import { type FakeLibreTranslate, startFakeLibreTranslate } from './support/fake-libretranslate.js';
import {
  DOSES,
  GLOSSARY_TEXT,
  LANGUAGES,
  type RemoteEngine,
  TEXT,
  codesOf,
  describeRemoteEngine,
  expect503,
} from './support/remote-translation.js';

/**
 * The translation API on a LibreTranslate server (TRANSLATION_ENGINE=libretranslate): its own
 * cases, then those every remote engine shares (test/support/remote-translation.ts). On an
 * OpenAI-compatible server: translation-remote-openai.e2e-spec.ts.
 */

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

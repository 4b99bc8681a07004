import { expect, it } from '@jest/globals';
import request from 'supertest';
import { LanguageCatalog } from '../src/language/catalog/language-catalog.js';
import { FAKE_OPENAI_MODEL, type FakeOpenAi, startFakeOpenAi } from './support/fake-openai.js';
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
 * The translation API on an OpenAI-compatible server (TRANSLATION_ENGINE=openai): its own cases,
 * then those every remote engine shares (test/support/remote-translation.ts). On a LibreTranslate
 * server: translation-remote.e2e-spec.ts.
 */

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

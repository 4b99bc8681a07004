import { describe, expect, it, jest } from '@jest/globals';
import { ENG, FRA, POR, ZHS, ZHT } from '../../../test/support/catalog-language.fixture.js';
import {
  CATALOG,
  TIMEOUT_MS,
  failure,
  libreTranslateEachTest,
} from '../../../test/support/libretranslate-engine.fixture.js';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';

/** The languages LibreTranslateEngine finds on the server (GET /languages), and its codes. */

describe('LibreTranslateEngine', () => {
  const libre = libreTranslateEachTest();
  const { engine, signal, translations } = libre;

  describe('language discovery', () => {
    it('lists the catalog languages the server lists', async () => {
      expect([...(await engine().availableCodes())].sort()).toEqual(
        ['eng_Latn', 'fra_Latn', 'por_Latn', 'spa_Latn', 'zho_Hans', 'zho_Hant'].sort(),
      );
      expect(libre.fake.requests[0]).toMatchObject({ method: 'GET', path: '/languages' });
    });

    it('caches the list for 60 s', async () => {
      const subject = engine();
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
      await Promise.all([subject.availableCodes(), subject.availableCodes()]);
      await subject.translate({ text: 'Hi', source: ENG, target: FRA }, signal());
      clock.mockReturnValue(now + 59_000);
      await subject.availableCodes();
      expect(libre.fake.requests.filter((r) => r.path === '/languages')).toHaveLength(1);

      clock.mockReturnValue(now + 61_000);
      await subject.availableCodes();
      expect(libre.fake.requests.filter((r) => r.path === '/languages')).toHaveLength(2);
    });

    it('does not cache a failure, and names LIBRETRANSLATE_URL', async () => {
      const subject = engine();
      libre.fake.set({
        reply: { status: 500, path: '/languages', body: { error: 'boot in progress' } },
      });
      const error = await failure(subject.availableCodes());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered GET /languages with HTTP 500.');
      expect(error.remote).toBe('boot in progress');
      expect(error.hint).toBe(
        `Check LIBRETRANSLATE_URL (${libre.fake.url}) points to a running LibreTranslate server.`,
      );
      expect(error.detail).toBe(
        `Translation engine 'libretranslate': answered GET /languages with HTTP 500. The server said: boot in progress. ${error.hint}`,
      );

      libre.fake.set({ reply: undefined });
      expect((await subject.availableCodes()).has('fra_Latn')).toBe(true);
      expect(libre.fake.requests.filter((r) => r.path === '/languages')).toHaveLength(2);
    });

    it.each([
      ['an HTML page', '<html></html>'],
      ['an object', { languages: [] }],
    ])('rejects %s instead of a language list', async (_what, body) => {
      libre.fake.set({ reply: { status: 200, path: '/languages', body } });
      const error = await failure(engine().availableCodes());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered GET /languages with HTTP 200 without a language list.');
    });

    it('reports a slow /languages as unavailable', async () => {
      libre.fake.set({ delayMs: 2_000 });
      const error = await failure(
        engine(undefined, libre.fake.url, CATALOG, TIMEOUT_MS).availableCodes(),
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
      libre.fake.set({ languages: ['en', ...codes].map((code) => ({ code, name: code })) });
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
      libre.fake.set({
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
      libre.fake.set({ languages: ['en', ...codes].map((code) => ({ code, name: code })) });
      await engine().translate({ text: 'Cough', source: ENG, target: POR }, signal());
      expect(translations()[0].body).toMatchObject({ target: expected });
    });
  });
});

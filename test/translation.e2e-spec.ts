import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startTestApp } from './support/test-app.js';

const TRANSLATE = '/api/v1/translation/translate';

describe('Translation API (embedded Apertium)', () => {
  let app: NestExpressApplication;
  const post = (body: unknown) =>
    request(app.getHttpServer())
      .post(TRANSLATE)
      .send(body as object);

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  describe('GET /api/v1/translation/languages', () => {
    it('lists exactly the five Apertium languages, sorted by bcp47, with every field', async () => {
      const res = await request(app.getHttpServer())
        .get('/api/v1/translation/languages')
        .expect(200);
      expect(res.headers['x-engine']).toBe('apertium');
      expect(res.body.total).toBe(5);
      expect(res.body).not.toHaveProperty('source_language');
      expect(res.body.languages.map((l: { code: string }) => l.code)).toEqual([
        'eng_Latn',
        'spa_Latn',
        'fra_Latn',
        'ita_Latn',
        'por_Latn',
      ]);
      expect(res.body.languages[0]).toEqual({
        bcp47: 'en-US',
        iso_639_1: 'en',
        iso_639_3: 'eng',
        code: 'eng_Latn',
        name: 'English',
      });
      const locales = res.body.languages.map((l: { bcp47: string }) => l.bcp47);
      expect(locales).toEqual([...locales].sort());
    });
  });

  describe('POST /api/v1/translation/translate', () => {
    it('translates with a direct pair and answers the 2.5 body', async () => {
      const res = await post({
        text: 'The patient has a headache.',
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      }).expect(200);
      expect(res.body).toEqual({
        success: true,
        source_language: 'en-US',
        target_language: 'es-ES',
        original_text: 'The patient has a headache.',
        translated_text: 'El paciente tiene un dolor de cabeza.',
        origin: 'machine',
        translation_seconds: expect.any(Number),
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(res.body.translation_seconds).toBeGreaterThan(0);
    });

    it('pivots through Spanish for fr → en', async () => {
      const res = await post({
        text: 'Le médecin examine le patient.',
        source_language: 'fra_Latn',
        target_language: 'eng_Latn',
      }).expect(200);
      expect(res.body.source_language).toBe('fr-FR');
      expect(res.body.target_language).toBe('en-US');
      expect(res.body.translated_text).toBe('The doctor examines the patient.');
    });

    it('keeps numbers, doses and units exactly, through a pivot too', async () => {
      const text = 'Take 500 mg of paracetamol 2 x/day. Fever of 39.5 °C. Give 12.5 mL, 5 mg/kg.';
      for (const target of ['spa_Latn', 'fra_Latn']) {
        const res = await post({
          text,
          source_language: 'eng_Latn',
          target_language: target,
        }).expect(200);
        for (const dose of ['500 mg', '2 x/day', '39.5 °C', '12.5 mL', '5 mg/kg']) {
          expect(res.body.translated_text).toContain(dose);
        }
      }
    });

    it('keeps paragraph and line breaks and removes unknown-word markers', async () => {
      const res = await post({
        text: 'The patient is hypokalemic.\nShe has xyzzyq.\n\nNo fever.',
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      }).expect(200);
      const lines = res.body.translated_text.split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[2]).toBe('');
      expect(res.body.translated_text).not.toMatch(/[*#@]/);
      expect(res.body.translated_text).toContain('xyzzyq');
      expect(res.body.untranslated_words).toEqual(['xyzzyq']);
    });

    it('names untranslated words, but not a name, a drug or a number', async () => {
      const res = await post({
        text: 'Mr Smithers feels woozy after 2 tablets of metformin.',
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      }).expect(200);
      expect(res.body.translated_text).toMatch(/Smithers.*woozy.*2.*metformine/);
      expect(res.body.untranslated_words).toEqual(['woozy']);
    });

    it('names a word the pivot left in Spanish', async () => {
      const res = await post({
        text: 'The cofre hurts.',
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      }).expect(200);
      expect(res.body.untranslated_words).toContain('cofre');
    });

    it('has no untranslated_words when the engine knew every word', async () => {
      const res = await post({
        text: 'The doctor examines the patient.',
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      }).expect(200);
      expect(res.body).not.toHaveProperty('untranslated_words');
    });

    it('translates a 5000-character text', async () => {
      const sentence = 'The patient takes 20 mg of omeprazole every morning. ';
      const text = sentence.repeat(Math.ceil(5000 / sentence.length)).slice(0, 5000);
      const res = await post({
        text,
        source_language: 'eng_Latn',
        target_language: 'ita_Latn',
      }).expect(200);
      expect(res.body.translated_text.length).toBeGreaterThan(3000);
      expect(res.body.translated_text.match(/20 mg/g)?.length).toBe(text.match(/20 mg/g)?.length);
    });

    it('returns the text unchanged when both languages are the same', async () => {
      const res = await post({
        text: 'Hola, ¿qué tal?',
        source_language: 'spa_Latn',
        target_language: 'spa_Latn',
      }).expect(200);
      expect(res.body.translated_text).toBe('Hola, ¿qué tal?');
      expect(res.body.source_language).toBe('es-ES');
    });
  });

  describe('validation (422, interface 2.13)', () => {
    const valid = { text: 'Hello', source_language: 'eng_Latn', target_language: 'spa_Latn' };

    it.each([
      [
        'text missing',
        { source_language: 'eng_Latn', target_language: 'spa_Latn' },
        'text',
        'missing',
      ],
      ['text empty', { ...valid, text: '' }, 'text', 'string_too_short'],
      ['text too long', { ...valid, text: 'a'.repeat(5001) }, 'text', 'string_too_long'],
      ['text not a string', { ...valid, text: 42 }, 'text', 'string_type'],
      ['source missing', { text: 'Hi', target_language: 'spa_Latn' }, 'source_language', 'missing'],
      ['source empty', { ...valid, source_language: '' }, 'source_language', 'string_too_short'],
      [
        'source too long',
        { ...valid, source_language: 'x'.repeat(33) },
        'source_language',
        'string_too_long',
      ],
      [
        'target not a string',
        { ...valid, target_language: ['spa_Latn'] },
        'target_language',
        'string_type',
      ],
      ['target null', { ...valid, target_language: null }, 'target_language', 'missing'],
      ['an unknown field', { ...valid, source_lang: 'en' }, 'source_lang', 'extra_forbidden'],
    ])('%s', async (_name, body, field, type) => {
      const res = await post(body).expect(422);
      expect(res.body.detail).toEqual(
        expect.arrayContaining([{ loc: ['body', field], msg: expect.any(String), type }]),
      );
      expect(res.body.detail.every((d: { msg: string }) => d.msg.length > 5)).toBe(true);
    });

    it('refuses an ISO 639-1 code and tells the client which code to send', async () => {
      const res = await post({ ...valid, source_language: 'en' }).expect(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'source_language'],
          msg: expect.stringContaining('eng_Latn'),
          type: 'language_code_format',
        },
      ]);
      expect(res.body.detail[0].msg).toContain('GET /api/v1/translation/languages');
      // A refusal names the engine too (one interceptor sets X-Engine before validation).
      expect(res.headers['x-engine']).toBe('apertium');
    });

    it('refuses a BCP-47 tag', async () => {
      const res = await post({ ...valid, target_language: 'es-ES' }).expect(422);
      expect(res.body.detail[0]).toMatchObject({
        loc: ['body', 'target_language'],
        type: 'language_code_format',
      });
      expect(res.body.detail[0].msg).toContain('spa_Latn');
    });

    it('refuses a catalog language the engine does not translate (nor the phrasebook writes)', async () => {
      const res = await post({ ...valid, target_language: 'swh_Latn' }).expect(422);
      expect(res.body.detail[0]).toMatchObject({
        loc: ['body', 'target_language'],
        type: 'language_unavailable',
      });
      expect(res.body.detail[0].msg).toContain('Swahili');
      // German is not translated either, but a fixed phrase reaches it (issue 32): only from the
      // target side, and only a phrase.
      const asSource = await post({ ...valid, source_language: 'deu_Latn' }).expect(422);
      expect(asSource.body.detail[0]).toMatchObject({ loc: ['body', 'source_language'] });
    });

    it('refuses an unknown code and reports both fields at once', async () => {
      const res = await post({
        ...valid,
        source_language: 'xx_Yyyy',
        target_language: 'de',
      }).expect(422);
      expect(
        res.body.detail.map((d: { loc: string[]; type: string }) => [d.loc[1], d.type]),
      ).toEqual([
        ['source_language', 'unknown_language'],
        ['target_language', 'language_code_format'],
      ]);
    });

    it('answers malformed JSON with 422 json_invalid', async () => {
      const res = await request(app.getHttpServer())
        .post(TRANSLATE)
        .set('Content-Type', 'application/json')
        .send('{"text": "Hello",')
        .expect(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    });

    it('answers a JSON array body with 422', async () => {
      const res = await post([valid]).expect(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'model_type' });
    });
  });
});

describe('Clinical terms and a hospital glossary (embedded Apertium)', () => {
  const translate = async (app: NestExpressApplication, text: string, target = 'spa_Latn') => {
    const res = await request(app.getHttpServer())
      .post(TRANSLATE)
      .send({ text, source_language: 'eng_Latn', target_language: target })
      .expect(200);
    return res.body.translated_text as string;
  };

  it('writes the built-in clinical term, after two steps too', async () => {
    const app = await startTestApp();
    try {
      expect(await translate(app, 'Does your chest hurt?')).toMatch(/\bpecho\b/);
      expect(await translate(app, 'Does your chest hurt?', 'fra_Latn')).toMatch(/\bpoitrine\b/);
    } finally {
      await app.close();
    }
  });

  it("writes the glossary's term where GLOSSARY_FILE gives one (deploy/glossary.example.tsv)", async () => {
    const app = await startTestApp({ GLOSSARY_FILE: 'deploy/glossary.example.tsv' });
    try {
      // A machine translation: a fixed phrase is changed through PHRASEBOOK_FILE instead.
      expect(await translate(app, 'Does your chest hurt when you laugh?')).toMatch(/\btórax\b/);
      expect(await translate(app, 'Please go back to the ward.')).toMatch(/\bplanta\b/);
      // The built-in terms still apply where the glossary says nothing.
      expect(await translate(app, 'Are you pregnant?', 'fra_Latn')).toMatch(/\benceinte\b/);
    } finally {
      await app.close();
    }
  });
});

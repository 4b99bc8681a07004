import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startTestApp } from './support/test-app.js';

describe('Language operations (embedded engine)', () => {
  let app: NestExpressApplication;
  const post = (path: string, body: object) =>
    request(app.getHttpServer()).post(`/api/v1/llm/${path}`).send(body);

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  describe('POST /api/v1/llm/paraphrase', () => {
    it('rewords jargon, keeps numbers and negations, and names the engine', async () => {
      const res = await post('paraphrase', {
        sentence: 'The patient has hypertension and does not have dyspnea; take 5 mg daily.',
      }).expect(200);
      expect(res.headers['x-engine']).toBe('embedded');
      expect(Object.keys(res.body)).toEqual(['paraphrases']);
      expect(res.body.paraphrases).not.toMatch(/hypertension|dyspnea/i);
      expect(res.body.paraphrases).toContain('5 mg');
      expect(res.body.paraphrases).toMatch(/not/);
    });

    it('defaults gender to male and age_category to adult, and tunes by age', async () => {
      const sentence = 'You have an infection of the upper respiratory tract.';
      const adult = await post('paraphrase', { sentence }).expect(200);
      const explicit = await post('paraphrase', {
        sentence,
        gender: 'male',
        age_category: 'adult',
      }).expect(200);
      expect(adult.body).toEqual(explicit.body);
      const child = await post('paraphrase', { sentence, age_category: 'child' }).expect(200);
      expect(typeof child.body.paraphrases).toBe('string');
    });

    it.each([
      [{}, 'sentence', 'missing'],
      [{ sentence: '' }, 'sentence', 'string_too_short'],
      [{ sentence: 'x'.repeat(5001) }, 'sentence', 'string_too_long'],
      [{ sentence: 'Hi', gender: 'other' }, 'gender', 'enum'],
      [{ sentence: 'Hi', age_category: 'baby' }, 'age_category', 'enum'],
      [{ sentence: 'Hi', extra: 1 }, 'extra', 'extra_forbidden'],
    ])('refuses %j with 422 on %s', async (body, field, type) => {
      const res = await post('paraphrase', body).expect(422);
      expect(res.body.detail).toEqual(
        expect.arrayContaining([{ loc: ['body', field], msg: expect.any(String), type }]),
      );
    });
  });

  describe('POST /api/v1/llm/summarize', () => {
    it('summarizes a longer text keeping every dose', async () => {
      const text = [
        'Mr. Smith is a 67-year-old man who came in with chest pain since this morning.',
        'He says the weather has been cold this week.',
        'He takes 75 mg of aspirin every day and 20 mg of atorvastatin at night.',
        'He enjoys gardening and walks his dog.',
        'He denies fever and shortness of breath.',
        'His daughter drove him to the hospital.',
        'His blood pressure is 150/95 mmHg.',
        'The waiting room was busy.',
        'An ECG was done and showed no acute changes.',
        'He will come back in two weeks.',
      ].join(' ');
      const res = await post('summarize', { sentence: text }).expect(200);
      expect(Object.keys(res.body)).toEqual(['summary']);
      expect(res.body.summary.length).toBeLessThan(text.length);
      for (const dose of ['75 mg', '20 mg', '150/95 mmHg'])
        expect(res.body.summary).toContain(dose);
    });

    it.each([
      [{}, 'missing'],
      [{ sentence: '' }, 'string_too_short'],
      [{ sentence: 'x'.repeat(50001) }, 'string_too_long'],
      [{ sentence: 12 }, 'string_type'],
    ])('refuses %j with 422', async (body, type) => {
      const res = await post('summarize', body).expect(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'sentence'], type });
    });
  });

  describe('POST /api/v1/llm/generate', () => {
    it('answers 503 naming the settings that enable generation', async () => {
      const res = await post('generate', { prompt: 'Explain blood pressure.' }).expect(503);
      expect(res.headers['x-engine']).toBe('embedded');
      expect(res.body.detail).toMatch(/LLM_ENGINE=openai/);
      expect(res.body.detail).toMatch(/LLM_BASE_URL/);
      expect(res.body.detail).toMatch(/LLM_MODEL/);
    });

    it.each([
      [{}, 'missing'],
      [{ prompt: '' }, 'string_too_short'],
      [{ prompt: 'x'.repeat(1001) }, 'string_too_long'],
    ])('refuses %j with 422', async (body, type) => {
      const res = await post('generate', body).expect(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'prompt'], type });
    });
  });

  describe('POST /api/v1/llm/structured-summary', () => {
    const note =
      'Patient came for a persistent cough for 3 weeks. He takes metformin 500 mg twice a day. ' +
      'He is allergic to penicillin. BP 130/85 mmHg, temperature 37.8 °C. Plan: chest X-ray.';

    it.each(['en', 'en-US', 'eng', 'eng_Latn', 'EN_us'])(
      'writes the sections in English for target_language %j',
      async (target_language) => {
        const res = await post('structured-summary', { sentence: note, target_language }).expect(
          200,
        );
        expect(Object.keys(res.body)).toEqual(['summary']);
        expect(res.body.summary).toContain('500 mg');
        expect(res.body.summary).toMatch(/penicillin/i);
        expect(res.body.summary).toContain('130/85 mmHg');
      },
    );

    it('writes headings and content in Spanish through the translation service', async () => {
      const res = await post('structured-summary', {
        sentence: note,
        target_language: 'es',
      }).expect(200);
      expect(res.body.summary).toContain('500 mg');
      expect(res.body.summary).toMatch(/penicilina/i);
    });

    it.each([
      [{ target_language: 'en' }, 'sentence', 'missing'],
      [{ sentence: '', target_language: 'en' }, 'sentence', 'string_too_short'],
      [{ sentence: note }, 'target_language', 'missing'],
      [{ sentence: note, target_language: 'xx' }, 'target_language', 'unknown_language'],
    ])('refuses %j with 422 on %s', async (body, field, type) => {
      const res = await post('structured-summary', body).expect(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', field], type });
    });
  });
});

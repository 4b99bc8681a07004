import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { FAKE_OPENAI_MODEL, type FakeOpenAi, startFakeOpenAi } from './support/fake-openai.js';
import { startTestApp } from './support/test-app.js';

/**
 * LLM_TIMEOUT_MS: short, so that the too-slow case (5 s) fails fast; not so short that a loaded
 * machine's first call (a cold client) misses it, as 500 ms did once in CI and 1 s on 2026-11-30.
 */
const TIMEOUT_MS = 2_000;

/** The four operations through an OpenAI-compatible chat server (LLM_ENGINE=openai). */
describe('Language operations on an OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let app: NestExpressApplication;
  const post = (path: string, body: object) =>
    request(app.getHttpServer()).post(`/api/v1/llm/${path}`).send(body);
  const lastSystemPrompt = () => {
    const body = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    return body.messages.find((m) => m.role === 'system')!.content;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi({ translate: (text) => `model answer: ${text}` });
    app = await startTestApp({
      LLM_ENGINE: 'openai',
      LLM_BASE_URL: fake.url,
      LLM_MODEL: FAKE_OPENAI_MODEL,
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(() => fake.set({ reply: undefined, delayMs: 0 }));

  it('paraphrases with the listener in the prompt', async () => {
    const res = await post('paraphrase', {
      sentence: 'Take 5 mg of amlodipine daily.',
      gender: 'female',
      age_category: 'child',
    }).expect(200);
    expect(res.headers['x-engine']).toBe('openai');
    expect(res.body).toEqual({ paraphrases: 'model answer: Take 5 mg of amlodipine daily.' });
    expect(lastSystemPrompt()).toMatch(/child/);
    expect(lastSystemPrompt()).toMatch(/female/);
  });

  it('summarizes, generates and writes a structured summary in the target language', async () => {
    expect(
      (await post('summarize', { sentence: 'He takes 75 mg of aspirin.' }).expect(200)).body,
    ).toEqual({
      summary: 'model answer: He takes 75 mg of aspirin.',
    });
    expect((await post('generate', { prompt: 'Explain fever.' }).expect(200)).body).toEqual({
      resultat: 'model answer: Explain fever.',
    });
    const structured = await post('structured-summary', {
      sentence: 'Allergic to penicillin. BP 130/85 mmHg.',
      target_language: 'fra',
    }).expect(200);
    expect(structured.body.summary).toContain('130/85');
    expect(lastSystemPrompt()).toMatch(/French/);
  });

  it('withholds an answer that lost a dose, after one retry (503)', async () => {
    fake.set({ translate: () => 'Take your medicine daily.' });
    const before = fake.requests.length;
    const res = await post('paraphrase', { sentence: 'Take 5 mg of amlodipine daily.' }).expect(
      503,
    );
    expect(fake.requests.length - before).toBe(2);
    expect(res.body.detail).toMatch(/^LLM engine 'openai'/);
    expect(res.body.detail).not.toContain('amlodipine');
    fake.set({ translate: (text) => `model answer: ${text}` });
  });

  it('answers 503 naming the engine when the server fails or is too slow', async () => {
    fake.set({ reply: { status: 500, body: { error: { message: 'overloaded' } } } });
    expect((await post('summarize', { sentence: 'Fever.' }).expect(503)).body.detail).toContain(
      "'openai'",
    );
    fake.set({ reply: undefined, delayMs: 5_000 });
    const res = await post('summarize', { sentence: 'Fever.' }).expect(503);
    expect(res.body.detail).toContain(`${TIMEOUT_MS} ms`);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ROOT } from './support/built-server.js';
import {
  FAKE_TRANSCRIPTION_MODEL,
  type FakeOpenAiAudio,
  startFakeOpenAiAudio,
} from './support/fake-openai-audio.js';
import { ANSWER_TIMEOUT_MS, slowServerApp } from './support/slow-server-app.js';
import { startTestApp } from './support/test-app.js';

const speech = readFileSync(join(ROOT, 'test/fixtures/audio/pauses.wav'));
const silence = readFileSync(join(ROOT, 'test/fixtures/audio/silence.wav'));

/** The deadline the slow-server case waits out, on an app of its own (slowServerApp). */
const TIMEOUT_MS = 500;

describe('Transcription API on an OpenAI-compatible server', () => {
  let fake: FakeOpenAiAudio;
  let app: NestExpressApplication;
  const uploadTo = (to: NestExpressApplication, wav = speech) =>
    request(to.getHttpServer()).post('/api/v1/transcribe/file').attach('file', wav, 'a.wav');
  const upload = (wav = speech) => uploadTo(app, wav);
  const startApp = (timeoutMs: number) =>
    startTestApp({
      ASR_ENGINE: 'openai',
      ASR_OPENAI_BASE_URL: fake.url,
      ASR_OPENAI_MODEL: FAKE_TRANSCRIPTION_MODEL,
      ASR_TIMEOUT_MS: String(timeoutMs),
    });

  beforeAll(async () => {
    fake = await startFakeOpenAiAudio({
      transcribe: () => 'Le patient a de la fièvre depuis hier.',
    });
    app = await startApp(ANSWER_TIMEOUT_MS);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(() => fake.set({ reply: undefined, delayMs: 0 }));

  it('sends each sentence found by the VAD as a WAV, and identifies the language from the text', async () => {
    const before = fake.transcriptions.length;
    const res = await upload().expect(200);
    expect(res.headers['x-engine']).toBe('openai');
    const sent = fake.transcriptions.slice(before);
    expect(sent).toHaveLength(3); // pauses.wav holds three sentences
    for (const request of sent) {
      expect(request.model).toBe(FAKE_TRANSCRIPTION_MODEL);
      expect(request.file?.subarray(0, 4).toString()).toBe('RIFF');
    }
    expect(res.body.language).toBe('fr-FR');
    expect(res.body.text.split('fièvre')).toHaveLength(4);
  });

  it('does not call the server for silence', async () => {
    const before = fake.transcriptions.length;
    expect((await upload(silence).expect(200)).body).toMatchObject({ text: '' });
    expect(fake.transcriptions.length).toBe(before);
  });

  it('answers 503 naming the engine when the server fails', async () => {
    fake.set({ reply: { status: 500, body: { error: { message: 'model crashed' } } } });
    const res = await upload().expect(503);
    expect(res.body.detail).toContain("'openai'");
    expect(res.body.detail).toMatch(/^Transcription engine/);
  });

  describe(`when the server is slower than ASR_TIMEOUT_MS (${TIMEOUT_MS} ms)`, () => {
    const slow = slowServerApp({
      reset: () => fake.set({ reply: undefined, delayMs: 0 }),
      start: () => startApp(TIMEOUT_MS),
      warm: (started) => uploadTo(started),
    });

    it('answers 503 naming the timeout', async () => {
      fake.set({ delayMs: 2_000 });
      const started = Date.now();
      const res = await uploadTo(slow()).expect(503);
      expect(res.body.detail).toContain(`${TIMEOUT_MS} ms`);
      expect(Date.now() - started).toBeLessThan(1_500);
    });
  });

  it('answers 503 naming ASR_OPENAI_MODEL when the model is not served', async () => {
    fake.set({ models: ['another-model'] });
    const res = await upload().expect(503);
    expect(res.body.detail).toContain('ASR_OPENAI_MODEL');
    fake.set({ models: [FAKE_TRANSCRIPTION_MODEL] });
  });
});

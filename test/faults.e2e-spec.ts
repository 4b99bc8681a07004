import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ASR_ENGINE } from '../src/transcription/engines/asr-engine.js';
import type { PocketsphinxEngine } from '../src/transcription/engines/pocketsphinx/pocketsphinx.engine.js';
import { dialogue, streamPcm } from './support/dialogue.js';
import { FAKE_OPENAI_MODEL, type FakeOpenAi, startFakeOpenAi } from './support/fake-openai.js';
import {
  FAKE_SPEECH_MODEL,
  FAKE_TRANSCRIPTION_MODEL,
  type FakeOpenAiAudio,
  startFakeOpenAiAudio,
} from './support/fake-openai-audio.js';
import { type Message, startSessionServer, TestClient } from './support/ws-client.js';

const OPEN = { language_medic: 'es', language_patient: 'en' };
const SERVER_ERROR = {
  status: 500,
  body: { error: { message: 'internal error', type: 'server_error' } },
};

describe('Faults of remote engines during a session', () => {
  let translator: FakeOpenAi;
  let llm: FakeOpenAi;
  let audio: FakeOpenAiAudio;
  let app: NestExpressApplication;
  let url: string;
  let baseUrl: string;
  let client: TestClient;
  let sentences = 0;

  beforeAll(async () => {
    translator = await startFakeOpenAi({ translate: (text) => `(traducido) ${text}` });
    llm = await startFakeOpenAi({ translate: (text) => `In plain words: ${text}` });
    audio = await startFakeOpenAiAudio({ transcribe: () => 'My chest hurts when I breathe in.' });
    ({ app, url, baseUrl } = await startSessionServer({
      TRANSLATION_ENGINE: 'openai',
      TRANSLATION_OPENAI_BASE_URL: translator.url,
      TRANSLATION_OPENAI_MODEL: FAKE_OPENAI_MODEL,
      TRANSLATION_TIMEOUT_MS: '800',
      LLM_ENGINE: 'openai',
      LLM_BASE_URL: llm.url,
      LLM_MODEL: FAKE_OPENAI_MODEL,
      ASR_ENGINE: 'openai',
      ASR_OPENAI_BASE_URL: audio.url,
      ASR_OPENAI_MODEL: FAKE_TRANSCRIPTION_MODEL,
      TTS_ENGINE: 'openai',
      TTS_OPENAI_BASE_URL: audio.url,
      TTS_OPENAI_MODEL: FAKE_SPEECH_MODEL,
      TTS_OPENAI_VOICES: 'en:female=af_heart,en:male=am_adam,es:female=nova,es:male=alloy',
    }));
    client = await TestClient.open(url, OPEN);
  });
  afterAll(async () => {
    client?.close();
    await app?.close();
    await Promise.all([translator?.close(), llm?.close(), audio?.close()]);
  });
  afterEach(() => {
    translator.set({ reply: undefined, delayMs: 0 });
    llm.set({ reply: undefined, delayMs: 0 });
    audio.set({ reply: undefined, delayMs: 0 });
  });

  /** Types a sentence in the one session these tests share; its messages once settled. */
  const typed = async (text: string, done: (m: Message) => boolean): Promise<Message[]> => {
    const id = `s${++sentences}`;
    client.json({ type: 'text_input', text, role: 'patient' });
    await client.next((m) => m.sentence_id === id && done(m), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 100)); // anything else of the sentence
    return client.messages.filter((m) => m.sentence_id === id);
  };
  const types = (messages: Message[]) => messages.map((m) => `${m.type}${m.branch ?? ''}`);
  const lastTts = (m: Message) => m.type === 'tts_audio' && m.branch === 'B';

  it('runs every branch on the remote engines when they are well', async () => {
    const messages = await typed('The patient has a fever.', lastTts);
    expect(types(messages)).toEqual([
      'asr_result',
      'translation_resultA',
      'tts_audioA',
      'reformulation_resultB',
      'tts_audioB',
    ]);
  });

  it('reports a translation server answering 500 as a Translation error, then goes on', async () => {
    translator.set({ reply: SERVER_ERROR });
    const failed = await typed('The patient has a cough.', (m) => m.type === 'error');
    expect(failed.at(-1)).toMatchObject({ type: 'error', service: 'Translation' });
    expect(failed.at(-1)?.message).toMatch(/Translation engine 'openai'/);
    translator.set({ reply: undefined });
    expect(types(await typed('The patient is tired.', lastTts)).at(-1)).toBe('tts_audioB');
  });

  it('reports a translation slower than TRANSLATION_TIMEOUT_MS, then goes on', async () => {
    translator.set({ delayMs: 3000 });
    const failed = await typed('The patient is cold.', (m) => m.type === 'error');
    expect(failed.at(-1)).toMatchObject({ service: 'Translation' });
    expect(failed.at(-1)?.message).toMatch(/800 ms/);
    translator.set({ delayMs: 0 });
    expect(types(await typed('The patient is warm.', lastTts)).at(-1)).toBe('tts_audioB');
  });

  it('reports a speech server answering 500 as a TTS error, and still reformulates', async () => {
    audio.set({ reply: { ...SERVER_ERROR, path: '/v1/audio/speech' } });
    const messages = await typed(
      'The patient has a rash.',
      (m) => m.type === 'reformulation_result',
    );
    await client.count((m) => m.type === 'error' && m.sentence_id === `s${sentences}`, 2);
    const errors = client.messages.filter(
      (m) => m.type === 'error' && m.sentence_id === `s${sentences}`,
    );
    expect(errors.map((m) => m.service)).toEqual(['TTS', 'TTS']);
    expect(types(messages)).toContain('reformulation_resultB');
  });

  it('reports a language model that is down as a Reformulation error', async () => {
    llm.set({ reply: SERVER_ERROR });
    const messages = await typed('The patient has a headache.', (m) => m.type === 'error');
    expect(messages.at(-1)).toMatchObject({ service: 'Reformulation' });
    expect(types(messages)).toContain('tts_audioA');
  });

  it('reports a recognition server that is down as an ASR error, and /health says so', async () => {
    audio.set({ reply: { ...SERVER_ERROR, path: '/v1/audio/transcriptions' } });
    const from = client.messages.length;
    await streamPcm(client, dialogue(['02-two-tablets.wav']).samples, 16000, { speedup: Infinity });
    sentences++;
    const error = await client.next((m) => m.type === 'error', 20_000, from);
    expect(error).toMatchObject({ service: 'ASR', sentence_id: `s${sentences}` });
    const health = await request(baseUrl).get('/health').expect(503);
    expect(health.body.error.asr.status).toBe('down');
    audio.set({ reply: undefined });
    await request(baseUrl).get('/health').expect(200);
    // The session is still there and well.
    expect(types(await typed('The patient is better.', lastTts)).at(-1)).toBe('tts_audioB');
    expect(client.closeCode).toBeUndefined();
  });
});

describe('The embedded recognizer killed during a session', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startSessionServer());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is restarted, and the session goes on recognizing', async () => {
    const engine = app.get<PocketsphinxEngine>(ASR_ENGINE);
    const client = await TestClient.open(url, OPEN);
    await streamPcm(client, dialogue(['01-fever-headache.wav']).samples, 16000, {
      speedup: Infinity,
    });
    await client.next((m) => m.type === 'asr_result');
    const killed = engine.workerPids();
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    await streamPcm(client, dialogue(['03-allergies.wav']).samples, 16000, { speedup: Infinity });
    const [, second] = await client.count((m) => m.type === 'asr_result', 2, 30_000);
    expect(String(second.text)).toMatch(/allergies|medication/);
    expect(engine.workerPids().some((pid) => killed.includes(pid))).toBe(false);
    client.close();
  }, 60_000);
});

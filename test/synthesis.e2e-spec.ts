import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  FAKE_SPEECH_MODEL,
  FakeOpenAiAudio,
  startFakeOpenAiAudio,
} from './support/fake-openai-audio.js';
import { testWav, tone } from './support/speech-audio.js';
import { ANSWER_TIMEOUT_MS, slowServerApp } from './support/slow-server-app.js';
import { startTestApp } from './support/test-app.js';

const SYNTHESIZE = '/api/v1/synthetize';
const VOICES = '/api/v1/synthetize/voices';

/** Collects a binary body (supertest only buffers the types it knows). */
const binary: Parameters<request.Test['parse']>[0] = (res, callback) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** The format fields of a canonical 44-byte-header WAV, with its size fields checked. */
function wavFormat(wav: Buffer) {
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
  expect(wav.toString('latin1', 36, 40)).toBe('data');
  expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  return {
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    bits: wav.readUInt16LE(34),
    frames: (wav.length - 44) / 2,
  };
}

describe('Synthesis API (embedded: flite, festival, espeak-ng)', () => {
  let app: NestExpressApplication;
  const post = (body: unknown) =>
    request(app.getHttpServer())
      .post(SYNTHESIZE)
      .send(body as object)
      .buffer(true)
      .parse(binary);

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  describe('GET /api/v1/synthetize/voices', () => {
    it('lists both genders of the embedded languages, sorted (interface 2.8)', async () => {
      const res = await request(app.getHttpServer()).get(VOICES).expect(200);
      expect(res.headers['x-engine']).toBe('embedded');
      expect(Object.keys(res.body)).toEqual(['voices']);
      const voices = res.body.voices as { language: string; gender: string }[];
      expect(voices.length).toBeGreaterThan(100);
      for (const voice of voices) {
        expect(Object.keys(voice).sort()).toEqual(['gender', 'language']);
        expect(voice.language).toMatch(/^[a-z]{2}$/);
        expect(['female', 'male']).toContain(voice.gender);
      }
      for (const language of ['en', 'es', 'fr', 'it', 'pt']) {
        expect(voices).toContainEqual({ language, gender: 'female' });
        expect(voices).toContainEqual({ language, gender: 'male' });
      }
      const keys = voices.map((v) => `${v.language}:${v.gender}`);
      expect(keys).toEqual([...keys].sort());
    });
  });

  describe('POST /api/v1/synthetize', () => {
    it('answers 200 audio/wav: RIFF PCM 16-bit mono, with X-Engine and X-Audio-Duration-Ms', async () => {
      const res = await post({
        text: 'Take one tablet of 500 mg twice a day.',
        language: 'en',
        gender: 'female',
      }).expect(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['x-engine']).toBe('embedded');
      expect(res.headers['cache-control']).toBe('no-store');
      const wav = res.body as Buffer;
      expect(Number(res.headers['content-length'])).toBe(wav.length);
      const format = wavFormat(wav);
      // festival's slt HTS voice, resampled to 16 kHz.
      expect(format).toMatchObject({ format: 1, channels: 1, sampleRate: 16000, bits: 16 });
      const durationMs = Number(res.headers['x-audio-duration-ms']);
      expect(durationMs).toBe(Math.round((format.frames / 16000) * 1000));
      expect(durationMs).toBeGreaterThan(1500);
      expect(durationMs).toBeLessThan(6000);
    });

    it('speaks faster with speed 2 and slower with speed 0.5', async () => {
      const text = 'The patient has a headache and a fever since yesterday.';
      const duration = async (speed?: number) => {
        const res = await post({ text, language: 'en', gender: 'male', speed }).expect(200);
        return Number(res.headers['x-audio-duration-ms']);
      };
      const normal = await duration();
      expect(await duration(1)).toBe(normal);
      const fast = (await duration(2)) / normal;
      expect(fast).toBeGreaterThan(0.4);
      expect(fast).toBeLessThan(0.6);
      const slow = (await duration(0.5)) / normal;
      expect(slow).toBeGreaterThan(1.6);
      expect(slow).toBeLessThan(2.4);
    });

    it('speaks French, Spanish, Italian and Portuguese (Italian with festival, at 16 kHz)', async () => {
      for (const [language, text, sampleRate] of [
        ['fr', 'Le patient a de la fièvre.', 22050],
        ['es', 'El paciente tiene fiebre.', 22050],
        ['it', 'Il paziente ha la febbre.', 16000],
        ['pt', 'O paciente tem febre.', 22050],
      ] as const) {
        for (const gender of ['female', 'male']) {
          const res = await post({ text, language, gender }).expect(200);
          const format = wavFormat(res.body as Buffer);
          expect(format.sampleRate).toBe(sampleRate);
          expect(format.frames).toBeGreaterThan(sampleRate / 2);
        }
      }
    });
  });

  describe('validation (422, interface 2.13)', () => {
    const valid = { text: 'Hello', language: 'en', gender: 'female' };

    it.each([
      ['text missing', { language: 'en', gender: 'female' }, 'text', 'missing'],
      ['text empty', { ...valid, text: '' }, 'text', 'string_too_short'],
      ['text too long', { ...valid, text: 'a'.repeat(5001) }, 'text', 'string_too_long'],
      ['text not a string', { ...valid, text: 42 }, 'text', 'string_type'],
      ['language missing', { text: 'Hi', gender: 'male' }, 'language', 'missing'],
      ['language in capitals', { ...valid, language: 'EN' }, 'language', 'string_pattern_mismatch'],
      ['language ISO 639-3', { ...valid, language: 'eng' }, 'language', 'string_pattern_mismatch'],
      ['language BCP-47', { ...valid, language: 'en-US' }, 'language', 'string_pattern_mismatch'],
      [
        'language FLORES',
        { ...valid, language: 'eng_Latn' },
        'language',
        'string_pattern_mismatch',
      ],
      ['gender missing', { text: 'Hi', language: 'en' }, 'gender', 'missing'],
      ['gender unknown', { ...valid, gender: 'other' }, 'gender', 'enum'],
      ['gender in capitals', { ...valid, gender: 'Female' }, 'gender', 'enum'],
      ['speed too low', { ...valid, speed: 0.2 }, 'speed', 'greater_than_equal'],
      ['speed too high', { ...valid, speed: 4.5 }, 'speed', 'less_than_equal'],
      ['speed a string', { ...valid, speed: '1.0' }, 'speed', 'float_type'],
      ['unknown field', { ...valid, voice: 'af_heart' }, 'voice', 'extra_forbidden'],
    ])('%s → 422', async (_name, body, field, type) => {
      const res = await request(app.getHttpServer()).post(SYNTHESIZE).send(body).expect(422);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.detail).toContainEqual({
        loc: ['body', field],
        msg: expect.any(String),
        type,
      });
    });

    it('says what a language code must look like', async () => {
      const res = await request(app.getHttpServer())
        .post(SYNTHESIZE)
        .send({ ...valid, language: 'EN' })
        .expect(422);
      expect(res.body.detail[0].msg).toBe(
        'language must be two lowercase letters (an ISO 639-1 code such as en); GET /api/v1/synthetize/voices lists the languages',
      );
    });

    it.each([
      ['zz', 'not a language'],
      ['ja', 'a language espeak-ng cannot read well'],
      ['yo', 'a catalog language espeak-ng lacks'],
    ])('refuses %s (%s) with loc [body, language] listing the languages', async (language) => {
      const res = await request(app.getHttpServer())
        .post(SYNTHESIZE)
        .send({ ...valid, language })
        .expect(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'language'],
          msg: expect.stringContaining(`No voice speaks '${language}'`),
          type: 'language_unavailable',
        },
      ]);
      expect(res.body.detail[0].msg).toContain('en, eo, es');
    });

    it('accepts the speed bounds 0.25 and 4.0', async () => {
      for (const speed of [0.25, 4]) {
        await post({ ...valid, speed }).expect(200);
      }
    });
  });
});

describe('Synthesis API (TTS_ENGINE=espeak-ng)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await startTestApp({ TTS_ENGINE: 'espeak-ng' });
  });
  afterAll(() => app.close());

  it('speaks every language with espeak-ng, English included', async () => {
    const res = await request(app.getHttpServer())
      .post(SYNTHESIZE)
      .send({ text: 'The patient has a fever.', language: 'en', gender: 'male' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['x-engine']).toBe('espeak-ng');
    expect(wavFormat(res.body as Buffer).sampleRate).toBe(22050);
  });
});

/** The deadline the slow-server case waits out, on an app of its own (slowServerApp). */
const TIMEOUT_MS = 500;

describe('Synthesis API (TTS_ENGINE=openai)', () => {
  let app: NestExpressApplication;
  let fake: FakeOpenAiAudio;
  const startApp = (timeoutMs: number) =>
    startTestApp({
      TTS_ENGINE: 'openai',
      TTS_OPENAI_BASE_URL: fake.url,
      TTS_OPENAI_MODEL: FAKE_SPEECH_MODEL,
      TTS_OPENAI_VOICES: 'en:female=af_heart,en:male=am_adam,es:female=nova',
      TTS_TIMEOUT_MS: String(timeoutMs),
    });
  const hello = (to: NestExpressApplication) =>
    request(to.getHttpServer())
      .post(SYNTHESIZE)
      .send({ text: 'Hello', language: 'en', gender: 'male' });

  beforeAll(async () => {
    fake = await startFakeOpenAiAudio();
    app = await startApp(ANSWER_TIMEOUT_MS);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => fake.set({ reply: undefined, delayMs: 0, speak: undefined }));

  it('lists exactly the configured voices', async () => {
    const res = await request(app.getHttpServer()).get(VOICES).expect(200);
    expect(res.headers['x-engine']).toBe('openai');
    expect(res.body).toEqual({
      voices: [
        { language: 'en', gender: 'female' },
        { language: 'en', gender: 'male' },
        { language: 'es', gender: 'female' },
      ],
    });
  });

  it('synthesizes through the server, converting its float stereo WAV', async () => {
    fake.set({ speak: () => testWav(tone(0.5, 24000), 24000, { float: true, channels: 2 }) });
    const res = await request(app.getHttpServer())
      .post(SYNTHESIZE)
      .send({ text: 'Hola', language: 'es', gender: 'female', speed: 1.25 })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['x-engine']).toBe('openai');
    expect(res.headers['x-audio-duration-ms']).toBe('500');
    expect(wavFormat(res.body as Buffer)).toMatchObject({
      format: 1,
      channels: 1,
      sampleRate: 24000,
      bits: 16,
      frames: 12000,
    });
    expect(fake.speeches.at(-1)?.body).toEqual({
      model: FAKE_SPEECH_MODEL,
      voice: 'nova',
      input: 'Hola',
      speed: 1.25,
      response_format: 'wav',
    });
  });

  it('refuses a gender the configured language lacks with loc [body, gender]', async () => {
    const res = await request(app.getHttpServer())
      .post(SYNTHESIZE)
      .send({ text: 'Hola', language: 'es', gender: 'male' })
      .expect(422);
    expect(res.body.detail).toEqual([
      {
        loc: ['body', 'gender'],
        msg: "'es' has no male voice with the active speech engine 'openai', only female (GET /api/v1/synthetize/voices).",
        type: 'voice_unavailable',
      },
    ]);
  });

  it('answers 503 naming the engine when the server fails', async () => {
    fake.set({ reply: { status: 500, body: { error: { message: 'CUDA out of memory' } } } });
    const failed = await hello(app).expect(503);
    expect(Object.keys(failed.body)).toEqual(['detail']);
    expect(failed.body.detail).toMatch(
      /^TTS engine 'openai': answered HTTP 500\. The server said: CUDA out of memory\. The speech server at TTS_OPENAI_BASE_URL \(.+\) failed on its side: its own logs say why\.$/,
    );
  });

  describe(`when the server is slower than TTS_TIMEOUT_MS (${TIMEOUT_MS} ms)`, () => {
    const slow = slowServerApp({
      reset: () => fake.set({ reply: undefined, delayMs: 0, speak: undefined }),
      start: () => startApp(TIMEOUT_MS),
      warm: (started) => hello(started),
    });

    it('answers 503 naming the engine and the timeout', async () => {
      fake.set({ delayMs: 2000 });
      const res = await hello(slow()).expect(503);
      expect(res.body.detail).toMatch(
        new RegExp(`^TTS engine 'openai': did not answer within ${TIMEOUT_MS} ms\\.`),
      );
      expect(res.body.detail).toContain('TTS_TIMEOUT_MS');
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import {
  FAKE_TRANSCRIPTION_MODEL,
  FakeOpenAiAudio,
  startFakeOpenAiAudio,
} from '../../../test/support/fake-openai-audio.js';
import { encodeWav } from '../../audio/wav-encoder.js';
import { OpenAiTranscriptionEngine } from './openai-transcription.engine.js';
import { rejection } from '../../../test/support/rejection.js';

const LOCALES = ['en-US', 'es-ES', 'fr-FR', 'fil-PH', 'nb-NO', 'zh-TW'];
/** What the timeout tests wait for; the others allow a loaded CI machine's fake server 10 000 ms. */
const TIMEOUT_MS = 200;
const ANSWER_TIMEOUT_MS = 10_000;

/** The EngineError a promise rejects with. */
const failure = (promise: Promise<unknown>) => rejection(promise, EngineError);

/** 0.25 s of a quiet 200 Hz tone. */
const AUDIO = Float32Array.from(
  { length: 4_000 },
  (_, i) => 0.1 * Math.sin((2 * Math.PI * 200 * i) / 16_000),
);

describe('OpenAiTranscriptionEngine', () => {
  let fake: FakeOpenAiAudio;
  const engine = (
    options: { apiKey?: string; model?: string; baseUrl?: string; timeoutMs?: number } = {},
  ) =>
    new OpenAiTranscriptionEngine(
      {
        baseUrl: options.baseUrl ?? fake.url,
        apiKey: options.apiKey,
        model: options.model ?? FAKE_TRANSCRIPTION_MODEL,
        timeoutMs: options.timeoutMs ?? ANSWER_TIMEOUT_MS,
      },
      LOCALES,
    );
  const transcribe = (
    subject = engine(),
    localeHints: readonly string[] = ['fr-FR'],
    signal = new AbortController().signal,
  ) => subject.transcribe({ samples: AUDIO, localeHints }, signal);

  beforeEach(async () => {
    fake = await startFakeOpenAiAudio({ transcribe: () => ' Où avez-vous mal ? ' });
  });
  afterEach(() => fake.close());

  it('uploads a 16 kHz WAV with the model and the language of a single hint', async () => {
    fake.set({ apiKey: 'sk-test' });
    expect(await transcribe(engine({ apiKey: 'sk-test' }))).toEqual({ text: 'Où avez-vous mal ?' });

    expect(fake.transcriptions).toHaveLength(1);
    const [request] = fake.transcriptions;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.fields).toEqual({
      model: FAKE_TRANSCRIPTION_MODEL,
      response_format: 'json',
      language: 'fr',
    });
    expect(request.fileName).toBe('audio.wav');
    expect(request.fileType).toBe('audio/wav');
    expect(request.fileSize).toBe(44 + 2 * AUDIO.length);
    expect(request.file!.equals(encodeWav(AUDIO, 16_000))).toBe(true);
  });

  it.each([
    [['en-US'], 'en'],
    [['fr-FR', 'fr-CA'], 'fr'],
    [['zh-TW'], 'zh'],
    [['fil-PH'], 'tl'],
    [['nb-NO'], 'no'],
    [['en-US', 'fr-FR'], undefined],
    [[], undefined],
    [['yue-HK'], undefined],
  ])('hints %j send language %s', async (hints, language) => {
    await transcribe(engine(), hints);
    expect(fake.transcriptions[0].language).toBe(language);
    expect('language' in fake.transcriptions[0].fields).toBe(language !== undefined);
  });

  it('sends a placeholder key when none is configured', async () => {
    await transcribe();
    expect(fake.transcriptions[0].headers.authorization).toBe('Bearer not-needed');
  });

  it('offers the locales it was given', () => {
    expect(engine().languages()).toEqual(LOCALES);
    expect(engine().name).toBe('openai');
  });

  it('returns an empty text for silence', async () => {
    fake.set({ transcribe: () => '' });
    expect(await transcribe()).toEqual({ text: '' });
  });

  it('probes with a real transcription of half a second of silence, on every call', async () => {
    fake.set({ transcribe: () => 'Thank you.' }); // what Whisper may hear in silence
    await expect(engine().probe()).resolves.toBeUndefined();
    await expect(engine().probe()).resolves.toBeUndefined();
    expect(fake.transcriptions).toHaveLength(2);
    const [request] = fake.transcriptions;
    expect(request.fields).toEqual({ model: FAKE_TRANSCRIPTION_MODEL, response_format: 'json' });
    expect(request.fileSize).toBe(44 + 16_000);
    expect(request.file!.equals(encodeWav(new Float32Array(8_000), 16_000))).toBe(true);
  });

  describe('probe errors', () => {
    it('names the engine and the server when it answers 500', async () => {
      fake.set({ reply: { status: 500, body: { error: { message: 'CUDA out of memory' } } } });
      const error = await failure(engine().probe());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.detail).toMatch(
        /^Transcription engine 'openai': answered HTTP 500\. The server said: CUDA out of memory\. The transcription server at ASR_OPENAI_BASE_URL \(.+\) failed on its side: its own logs say why\.$/,
      );
    });

    it('names ASR_OPENAI_MODEL when the model is not served', async () => {
      const error = await failure(engine({ model: 'whisper-nope' }).probe());
      expect(error.hint).toContain('ASR_OPENAI_MODEL (whisper-nope)');
    });

    it('names ASR_OPENAI_BASE_URL when the server is gone', async () => {
      await fake.close();
      const error = await failure(engine().probe());
      expect(error.message).toBe('could not be reached (ECONNREFUSED).');
      expect(error.hint).toContain('ASR_OPENAI_BASE_URL');
    });

    it('times out after timeoutMs', async () => {
      fake.set({ delayMs: 2_000 });
      const started = Date.now();
      const error = await failure(engine({ timeoutMs: TIMEOUT_MS }).probe());
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe(`did not answer within ${TIMEOUT_MS} ms.`);
    });
  });

  describe('errors', () => {
    it('points at ASR_OPENAI_API_KEY on 401', async () => {
      fake.set({ apiKey: 'sk-right' });
      const error = await failure(transcribe(engine({ apiKey: 'sk-wrong' })));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 401.');
      expect(error.remote).toBe(
        'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
      );
      expect(error.hint).toBe('Check ASR_OPENAI_API_KEY: the server rejected it.');
      expect(error.detail).toBe(
        `Transcription engine 'openai': answered HTTP 401. The server said: ${error.remote} ${error.hint}`,
      );
      expect(error.detail).not.toContain('sk-wrong');
    });

    it('asks for ASR_OPENAI_API_KEY on 401 without a key', async () => {
      fake.set({ apiKey: 'sk-right' });
      const error = await failure(transcribe());
      expect(error.hint).toBe('Set ASR_OPENAI_API_KEY: the server requires an API key.');
    });

    it('suggests the model is not served on 404', async () => {
      const error = await failure(transcribe(engine({ model: 'whisper-nope' })));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 404.');
      expect(error.remote).toBe(
        'The model `whisper-nope` does not exist or you do not have access to it.',
      );
      expect(error.hint).toBe(
        `ASR_OPENAI_MODEL (whisper-nope) may not be served at ASR_OPENAI_BASE_URL (${fake.url}); its /models lists what is.`,
      );
    });

    it.each([500, 429, 503])('reports HTTP %i once, without retrying', async (status) => {
      fake.set({
        reply: { status, body: { error: { message: 'e'.repeat(300), type: 'server_error' } } },
      });
      const error = await failure(transcribe());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe(`answered HTTP ${status}.`);
      expect(error.remote).toBe(`${'e'.repeat(200)}…`);
      // A 5xx: the server failed on its side; a 429 says nothing more than its status.
      if (status >= 500) expect(error.hint).toMatch(/ASR_OPENAI_BASE_URL .* its own logs/);
      else expect(error.hint).toBeUndefined();
      expect(fake.transcriptions).toHaveLength(1);
    });

    it('keeps the server text out of the message', async () => {
      const said = 'Could not decode: the patient said she is pregnant';
      fake.set({ reply: { status: 400, body: { error: { message: said } } } });
      const error = await failure(transcribe());
      expect(error.message).toBe('answered HTTP 400.');
      expect(error.remote).toBe(said);
      expect(error.detail).toContain(`The server said: ${said}.`);
    });

    it('times out after timeoutMs, without retrying', async () => {
      fake.set({ delayMs: 2_000 });
      const started = Date.now();
      const error = await failure(transcribe(engine({ timeoutMs: TIMEOUT_MS })));
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe(`did not answer within ${TIMEOUT_MS} ms.`);
      expect(error.hint).toBe(
        `Raise ASR_TIMEOUT_MS (currently ${TIMEOUT_MS}) or check the server at ASR_OPENAI_BASE_URL (${fake.url}) is not overloaded.`,
      );
      expect(fake.transcriptions).toHaveLength(1);
    });

    it('reports a passed deadline of the caller as a timeout', async () => {
      fake.set({ delayMs: 2_000 });
      const error = await failure(
        transcribe(engine({ timeoutMs: 5_000 }), ['fr-FR'], AbortSignal.timeout(50)),
      );
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe('did not answer within 5000 ms.');
    });

    it('stops when the caller aborts', async () => {
      fake.set({ delayMs: 2_000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await failure(
        transcribe(engine({ timeoutMs: 5_000 }), ['fr-FR'], controller.signal),
      );
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toMatch(/^was cancelled after \d+ ms\.$/);
    });

    it('reports connection refused on a closed port, naming ASR_OPENAI_BASE_URL', async () => {
      const closed = await startFakeOpenAiAudio();
      await closed.close();
      const error = await failure(transcribe(engine({ baseUrl: closed.url })));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('could not be reached (ECONNREFUSED).');
      expect(error.hint).toBe(
        `Check ASR_OPENAI_BASE_URL (${closed.url}) points to a running OpenAI-compatible transcription server, usually ending in /v1.`,
      );
    });

    it('hides credentials of the base URL in hints', async () => {
      const closed = await startFakeOpenAiAudio();
      await closed.close();
      const withUser = closed.url.replace('http://', 'http://user:secret@');
      const error = await failure(transcribe(engine({ baseUrl: withUser })));
      expect(error.hint).not.toContain('secret');
    });

    it.each([
      ['an empty object', {}, 'answered without a transcription text.'],
      ['a text that is not a string', { text: 42 }, 'answered without a transcription text.'],
      ['a plain-text body', 'Bonjour', 'answered without a transcription text.'],
    ])('rejects a 200 with %s', async (_what, body, message) => {
      const contentType = typeof body === 'string' ? 'text/plain' : undefined;
      fake.set({ reply: { status: 200, body, contentType } });
      const error = await failure(transcribe());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe(message);
      expect(error.hint).toContain('ASR_OPENAI_BASE_URL');
    });

    it('rejects a 200 whose JSON does not parse', async () => {
      fake.set({ reply: { status: 200, body: '{"text": "Où', contentType: 'application/json' } });
      const error = await failure(transcribe());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered with an unreadable body (SyntaxError).');
      expect(error.detail).not.toContain('Où');
    });
  });
});

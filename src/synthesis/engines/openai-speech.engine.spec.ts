import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  FAKE_SPEECH_MODEL,
  FakeOpenAiAudio,
  startFakeOpenAiAudio,
} from '../../../test/support/fake-openai-audio.js';
import { testWav, tone } from '../../../test/support/speech-audio.js';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import { OpenAiSpeechEngine, parseOpenAiVoices } from './openai-speech.engine.js';
import { EngineSynthesis, SynthesizedAudio } from './tts-engine.js';
import { rejection } from '../../../test/support/rejection.js';

const MODEL = FAKE_SPEECH_MODEL;
const VOICES = 'en:female=af_heart,en:male=am_adam,fr:female=nova';
const TEXT = 'No history of asthma. Take 500 mg paracetamol 2 x/day.';
/** What the timeout tests wait for; the others allow a loaded CI machine's fake server 10 000 ms. */
const TIMEOUT_MS = 300;
const ANSWER_TIMEOUT_MS = 10_000;

/** The EngineError a promise rejects with. */
const failure = (promise: Promise<unknown>) => rejection(promise, EngineError);

function expectPcm16Mono(audio: SynthesizedAudio, sampleRate: number, frames: number): void {
  const { wav } = audio;
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
  expect(wav.readUInt16LE(20)).toBe(1);
  expect(wav.readUInt16LE(22)).toBe(1);
  expect(wav.readUInt32LE(24)).toBe(sampleRate);
  expect(wav.readUInt16LE(34)).toBe(16);
  expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  expect((wav.length - 44) / 2).toBe(frames);
  expect(audio.sampleRate).toBe(sampleRate);
  expect(audio.durationMs).toBe(Math.round((frames / sampleRate) * 1000));
}

describe('parseOpenAiVoices', () => {
  it('reads language:gender=voice pairs, sorted, the last of a pair winning', () => {
    expect(
      parseOpenAiVoices('fr:male=ff_x, en:male=am_adam,en:female=af_heart,fr:male=fm_y'),
    ).toEqual([
      { language: 'en', gender: 'female', voice: 'af_heart' },
      { language: 'en', gender: 'male', voice: 'am_adam' },
      { language: 'fr', gender: 'male', voice: 'fm_y' },
    ]);
  });
});

describe('OpenAiSpeechEngine', () => {
  let fake: FakeOpenAiAudio;
  const engine = (
    options: {
      apiKey?: string;
      baseUrl?: string;
      timeoutMs?: number;
      model?: string;
      voices?: string;
    } = {},
  ) =>
    new OpenAiSpeechEngine({
      baseUrl: options.baseUrl ?? fake.url,
      apiKey: options.apiKey,
      model: options.model ?? MODEL,
      voices: parseOpenAiVoices(options.voices ?? VOICES),
      timeoutMs: options.timeoutMs ?? ANSWER_TIMEOUT_MS,
    });
  const request = (changes: Partial<EngineSynthesis> = {}): EngineSynthesis => ({
    text: TEXT,
    language: 'en',
    gender: 'female',
    speed: 1,
    ...changes,
  });
  const speak = (
    subject = engine(),
    changes: Partial<EngineSynthesis> = {},
    signal?: AbortSignal,
  ) => subject.synthesize(request(changes), signal ?? new AbortController().signal);

  beforeEach(async () => {
    fake = await startFakeOpenAiAudio();
  });
  afterEach(() => fake.close());

  it('lists exactly the voices of TTS_OPENAI_VOICES', async () => {
    expect(await engine().voices()).toEqual([
      { language: 'en', gender: 'female' },
      { language: 'en', gender: 'male' },
      { language: 'fr', gender: 'female' },
    ]);
  });

  it('sends the model, the mapped voice, the text, the speed and response_format wav', async () => {
    fake.set({ apiKey: 'sk-test' });
    const audio = await speak(engine({ apiKey: 'sk-test' }), { gender: 'male', speed: 1.5 });
    // The fake speaks a tone of 0.05 s per character (2 s at most) divided by the speed.
    expectPcm16Mono(audio, 24000, Math.round((2 / 1.5) * 24000));
    expect(fake.speeches).toHaveLength(1);
    expect(fake.speeches[0].path).toBe('/v1/audio/speech');
    expect(fake.speeches[0].headers.authorization).toBe('Bearer sk-test');
    expect(fake.speeches[0].body).toEqual({
      model: MODEL,
      voice: 'am_adam',
      input: TEXT,
      speed: 1.5,
      response_format: 'wav',
    });
    await speak(engine({ apiKey: 'sk-test' }), { language: 'fr' });
    expect(fake.speeches[1].voice).toBe('nova');
  });

  it('passes a PCM 16-bit mono WAV through, fixing streamed sizes', async () => {
    const wav = testWav(tone(0.5, 22050), 22050, { streamedSizes: true });
    fake.set({ speak: () => wav });
    const audio = await speak();
    expectPcm16Mono(audio, 22050, 11025);
    expect(audio.wav.subarray(44)).toEqual(wav.subarray(44));
  });

  it('converts a float or stereo WAV to PCM 16-bit mono', async () => {
    const samples = tone(0.1, 24000);
    fake.set({ speak: () => testWav(samples, 24000, { float: true, channels: 2 }) });
    const audio = await speak();
    expectPcm16Mono(audio, 24000, samples.length);
    const first = Array.from({ length: 50 }, (_, i) => audio.wav.readInt16LE(44 + 2 * i) / 32768);
    first.forEach((value, i) => expect(value).toBeCloseTo(samples[i], 3));
  });

  it('refuses an answer that is not a WAV file with a 503 naming the setting', async () => {
    const hint = `Check the server at TTS_OPENAI_BASE_URL (${fake.url}) supports response_format "wav" for TTS_OPENAI_MODEL (${MODEL}).`;
    fake.set({ speak: () => Buffer.from('ID3\u0003\u0000mp3 frames') });
    const mp3 = await failure(speak());
    expect(mp3).toBeInstanceOf(EngineUnavailableError);
    expect(mp3.detail).toBe(
      `TTS engine 'openai': answered with an MP3 file (it starts with an ID3 tag), not a WAV file. ${hint}`,
    );
    fake.set({ speak: () => Buffer.from(JSON.stringify({ text: TEXT })) });
    const json = await failure(speak());
    expect(json.message).toBe('answered with JSON text, not a WAV file.');
    expect(json.detail).not.toContain('paracetamol');
    fake.set({ speak: () => Buffer.alloc(0) });
    expect((await failure(speak())).message).toBe('answered with an empty body, not a WAV file.');
    const alaw = testWav(tone(0.1, 8000), 8000);
    alaw.writeUInt16LE(6, 20);
    fake.set({ speak: () => alaw });
    expect((await failure(speak())).message).toBe(
      'answered with a WAV file that cannot be used (unsupported_encoding).',
    );
  });

  it('answers 401 with a hint about TTS_OPENAI_API_KEY', async () => {
    fake.set({ apiKey: 'sk-right' });
    const unset = await failure(speak());
    expect(unset.detail).toBe(
      "TTS engine 'openai': answered HTTP 401. The server said: Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys. Set TTS_OPENAI_API_KEY: the server requires an API key.",
    );
    const wrong = await failure(speak(engine({ apiKey: 'sk-wrong' })));
    expect(wrong.detail).toContain('Check TTS_OPENAI_API_KEY: the server rejected it.');
  });

  it('answers 404 naming the model and the voice', async () => {
    const error = await failure(speak(engine({ model: 'tts-9' })));
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect(error.detail).toBe(
      `TTS engine 'openai': answered HTTP 404. The server said: The model \`tts-9\` does not exist or you do not have access to it. TTS_OPENAI_MODEL (tts-9) or the voice 'af_heart' of TTS_OPENAI_VOICES may not be served at TTS_OPENAI_BASE_URL (${fake.url}).`,
    );
  });

  it('answers 400 for a voice the server lacks, naming TTS_OPENAI_VOICES', async () => {
    const error = await failure(speak(engine({ voices: 'en:female=zz_nobody' })));
    expect(error.message).toBe('answered HTTP 400.');
    expect(error.remote).toMatch(/^Invalid value for 'voice': 'zz_nobody'/);
    expect(error.hint).toBe(
      `Check the voice 'zz_nobody' of TTS_OPENAI_VOICES exists for TTS_OPENAI_MODEL (${MODEL}).`,
    );
  });

  it('shows a plain-text error body, and no body at all as nothing', async () => {
    fake.set({ reply: { status: 400, body: 'voice not found', contentType: 'text/plain' } });
    const plain = await failure(speak());
    expect(plain.detail).toBe(
      `TTS engine 'openai': answered HTTP 400. The server said: voice not found. Check the voice 'af_heart' of TTS_OPENAI_VOICES exists for TTS_OPENAI_MODEL (${MODEL}).`,
    );
    fake.set({ reply: { status: 502, body: '', contentType: 'text/plain' } });
    const empty = await failure(speak());
    expect(empty.detail).toMatch(
      /^TTS engine 'openai': answered HTTP 502\. The speech server at TTS_OPENAI_BASE_URL \(http:\/\/127\.0\.0\.1:\d+\/v1\) failed on its side: its own logs say why\.$/,
    );
  });

  it('answers 500 with the server message, never echoing the text', async () => {
    fake.set({
      reply: {
        status: 500,
        body: { error: { message: `failed on: ${TEXT}`, type: 'server_error' } },
      },
    });
    const error = await failure(speak());
    expect(error.message).toBe('answered HTTP 500.');
    expect(error.remote).toBe('failed on: [text]');
    expect(error.detail).not.toContain('paracetamol');
  });

  it('times out with a hint about TTS_TIMEOUT_MS', async () => {
    fake.set({ delayMs: 2000 });
    const started = Date.now();
    const error = await failure(speak(engine({ timeoutMs: TIMEOUT_MS })));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error.detail).toBe(
      `TTS engine 'openai': did not answer within ${TIMEOUT_MS} ms. Raise TTS_TIMEOUT_MS (currently ${TIMEOUT_MS}) or check the server at TTS_OPENAI_BASE_URL (${fake.url}) is not overloaded.`,
    );
  });

  it("stops at the service's deadline signal", async () => {
    fake.set({ delayMs: 2000 });
    const controller = new AbortController();
    const pending = speak(engine({ timeoutMs: 10_000 }), {}, controller.signal);
    setTimeout(() => controller.abort(new DOMException('deadline passed', 'TimeoutError')), 50);
    const error = await failure(pending);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error.message).toBe('did not answer within 10000 ms.');
  });

  it('says the server could not be reached, hiding URL credentials', async () => {
    const closed = fake.url;
    await fake.close();
    const error = await failure(speak(engine({ baseUrl: closed })));
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect(error.detail).toBe(
      `TTS engine 'openai': could not be reached (ECONNREFUSED). Check TTS_OPENAI_BASE_URL (${closed}) points to a running OpenAI-compatible speech server, usually ending in /v1.`,
    );
    const secret = await failure(
      speak(engine({ baseUrl: closed.replace('http://', 'http://user:secret@') })),
    );
    expect(secret.message).toMatch(/^could not be reached/);
    expect(secret.detail).not.toContain('secret');
    fake = await startFakeOpenAiAudio();
  });

  it('refuses a voice TTS_OPENAI_VOICES lacks without calling the server', async () => {
    const error = await failure(speak(engine(), { language: 'fr', gender: 'male' }));
    expect(error.detail).toBe(
      "TTS engine 'openai': has no male voice for 'fr'. Add it to TTS_OPENAI_VOICES.",
    );
    expect(fake.requests).toHaveLength(0);
  });
});

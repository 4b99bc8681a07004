import { describe, expect, it, jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { TerminusModule, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { SessionManager } from '../orchestrator/session/session-manager.js';
import { AsrHealthIndicator } from './asr.health.js';
import { HealthController } from './health.controller.js';
import { VadHealthIndicator } from './vad.health.js';

const up = (key: string): HealthIndicatorResult => ({ [key]: { status: 'up', responseTime: 1 } });
const down = (key: string): HealthIndicatorResult => ({
  [key]: { status: 'down', message: 'no answer within 5000 ms (HEALTH_PROBE_TIMEOUT_MS).' },
});

/** The controller on Terminus's real HealthCheckService, with indicators whose answers are set. */
async function controller(vad: HealthIndicatorResult, asr: HealthIndicatorResult) {
  const vadIndicator = { isHealthy: jest.fn(async () => vad) };
  const asrIndicator = { isHealthy: jest.fn(async () => asr) };
  const sessions = { draining: false };
  const module = await Test.createTestingModule({
    imports: [TerminusModule.forRoot({ logger: false })],
    controllers: [HealthController],
    providers: [
      { provide: VadHealthIndicator, useValue: vadIndicator },
      { provide: AsrHealthIndicator, useValue: asrIndicator },
      { provide: SessionManager, useValue: sessions },
    ],
  }).compile();
  const response = { status: jest.fn() };
  return {
    health: module.get(HealthController),
    response,
    res: response as unknown as Response,
    vadIndicator,
    asrIndicator,
    sessions,
  };
}

describe('HealthController', () => {
  it('answers the Terminus result when both are up, leaving the status at 200', async () => {
    const { health, res, response } = await controller(up('vad'), up('asr'));
    expect(await health.check(res)).toEqual({
      status: 'ok',
      info: { ...up('vad'), ...up('asr') },
      error: {},
      details: { ...up('vad'), ...up('asr') },
    });
    expect(response.status).not.toHaveBeenCalled();
  });

  it.each([
    ['vad', down('vad'), up('asr')],
    ['asr', up('vad'), down('asr')],
  ])(
    'answers 503 with the Terminus result itself when %s is down (not the filter’s {detail})',
    async (failing, vad, asr) => {
      const { health, res, response } = await controller(vad, asr);
      const body = await health.check(res);
      expect(response.status).toHaveBeenCalledWith(503);
      expect(body.status).toBe('error');
      expect(Object.keys(body.error ?? {})).toEqual([failing]);
      expect(body.details).toEqual({ ...vad, ...asr });
    },
  );

  it('answers 503 shutting_down without probing while live sessions are drained', async () => {
    const { health, res, response, sessions, vadIndicator } = await controller(
      up('vad'),
      up('asr'),
    );
    sessions.draining = true;
    const body = await health.check(res);
    expect(response.status).toHaveBeenCalledWith(503);
    expect(body).toMatchObject({
      status: 'shutting_down',
      error: { sessions: { status: 'down', message: expect.stringMatching(/shutting down/) } },
    });
    expect(vadIndicator.isHealthy).not.toHaveBeenCalled();
  });

  it('runs both indicators on every call', async () => {
    const { health, res, vadIndicator, asrIndicator } = await controller(up('vad'), up('asr'));
    await health.check(res);
    await health.check(res);
    expect(vadIndicator.isHealthy).toHaveBeenCalledTimes(2);
    expect(asrIndicator.isHealthy).toHaveBeenCalledTimes(2);
  });

  it('lets any other error through to the global filter', async () => {
    const { health, res, vadIndicator } = await controller(up('vad'), up('asr'));
    const bug = new Error('bug');
    vadIndicator.isHealthy.mockRejectedValueOnce(bug);
    await expect(health.check(res)).rejects.toBe(bug);
    await expect(health.check(res)).resolves.toMatchObject({ status: 'ok' });
  });

  it('answers liveness without calling any indicator', async () => {
    const { health, vadIndicator, asrIndicator } = await controller(down('vad'), down('asr'));
    expect(health.live()).toEqual({ status: 'ok' });
    expect(vadIndicator.isHealthy).not.toHaveBeenCalled();
    expect(asrIndicator.isHealthy).not.toHaveBeenCalled();
  });
});

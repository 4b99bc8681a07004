import { Injectable } from '@nestjs/common';
import type { HealthIndicatorResult } from '@nestjs/terminus';
import { SileroVadModel } from '../audio/vad/silero-vad.model.js';
import { HealthProbe } from './health-probe.js';

/** `vad` of GET /health: a real Silero VAD inference on a built-in signal, on every call. */
@Injectable()
export class VadHealthIndicator {
  constructor(
    private readonly model: SileroVadModel,
    private readonly probe: HealthProbe,
  ) {}

  isHealthy(): Promise<HealthIndicatorResult<'vad'>> {
    return this.probe.run('vad', () => this.model.probe(), { engine: 'silero-vad' });
  }
}

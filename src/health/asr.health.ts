import { Injectable } from '@nestjs/common';
import type { HealthIndicatorResult } from '@nestjs/terminus';
import { TranscriptionService } from '../transcription/transcription.service.js';
import { HealthProbe } from './health-probe.js';

/**
 * `asr` of GET /health: a real recognition of a built-in signal by the active engine (embedded
 * or remote), through the transcription service, on every call.
 */
@Injectable()
export class AsrHealthIndicator {
  constructor(
    private readonly transcription: TranscriptionService,
    private readonly probe: HealthProbe,
  ) {}

  isHealthy(): Promise<HealthIndicatorResult<'asr'>> {
    return this.probe.run('asr', () => this.transcription.probe(), {
      engine: this.transcription.engineName,
    });
  }
}

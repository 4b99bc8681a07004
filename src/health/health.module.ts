import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { VadModule } from '../audio/vad/vad.module.js';
import { OrchestratorModule } from '../orchestrator/orchestrator.module.js';
import { TranscriptionModule } from '../transcription/transcription.module.js';
import { AsrHealthIndicator } from './asr.health.js';
import { HealthController } from './health.controller.js';
import { HealthProbe } from './health-probe.js';
import { VadHealthIndicator } from './vad.health.js';

/**
 * GET /health and GET /health/live (decisions §6). Needs ConfigModule and the global
 * MetricsModule. Terminus logs nothing itself: HealthProbe logs each failure without the remote
 * server's words, which may echo what was sent.
 */
@Module({
  imports: [
    TerminusModule.forRoot({ logger: false }),
    VadModule,
    TranscriptionModule,
    OrchestratorModule,
  ],
  controllers: [HealthController],
  providers: [HealthProbe, VadHealthIndicator, AsrHealthIndicator],
})
export class HealthModule {}

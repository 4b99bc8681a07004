import { Global, Module } from '@nestjs/common';
import { PrometheusModule } from '@willsoto/nestjs-prometheus';
import { MetricsController } from './metrics.controller.js';
import { METRIC_PROVIDERS } from './orchestrator-metrics.js';
import { OrchestratorMetrics } from './orchestrator-metrics.service.js';

/** GET /metrics (decisions §6): the default process metrics and the orchestrator's own. */
@Global()
@Module({
  imports: [
    PrometheusModule.register({
      path: '/metrics',
      controller: MetricsController,
      defaultMetrics: { enabled: true },
    }),
  ],
  providers: [...METRIC_PROVIDERS, OrchestratorMetrics],
  exports: [OrchestratorMetrics],
})
export class MetricsModule {}

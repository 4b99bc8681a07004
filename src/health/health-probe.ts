import { Injectable, Logger } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { EngineError } from '../common/errors/engine.errors.js';
import { describeFailure } from '../common/errors/describe-failure.js';
import { AppConfig } from '../config/app-config.js';
import {
  OrchestratorMetrics,
  type HealthService,
} from '../metrics/orchestrator-metrics.service.js';

/** The `message` of a probe that failed with neither an engine error nor a timeout. */
export const UNEXPECTED_FAILURE = 'the probe failed unexpectedly; the server log has the details.';

/** What an indicator reports besides its status, e.g. the engine's name. */
export type ProbeData = Readonly<Record<string, string>>;

/**
 * Runs one probe of GET /health (decisions §6) as a Terminus attempt: a real inference on every
 * call (no cache), within HEALTH_PROBE_TIMEOUT_MS. A failure is counted in
 * `orchestrator_health_check_failures_total{service}`, logged, and reported `down` with a
 * client-safe `message`: an engine error's `detail`, "no answer within N ms", or a generic line;
 * never a stack or an internal message.
 */
@Injectable()
export class HealthProbe {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly config: AppConfig,
    private readonly metrics: OrchestratorMetrics,
  ) {}

  async run<const Key extends HealthService>(
    key: Key,
    probe: () => Promise<unknown>,
    data: ProbeData = {},
  ): Promise<HealthIndicatorResult<Key>> {
    const ms = this.config.HEALTH_PROBE_TIMEOUT_MS;
    const indicator = this.indicators.check(key);
    // What the probe threw before the deadline; nothing once Terminus has given up on it.
    let failure: { error: unknown } | undefined;
    const result = await indicator
      .attempt(async ({ signal }) => {
        try {
          await probe();
        } catch (error) {
          if (!signal.aborted) failure = { error };
          throw error;
        }
        return { ...data };
      })
      .withTimeout(ms);
    const { status, responseTime } = result[key];
    if (status !== 'down') return result;

    this.metrics.healthCheckFailed(key);
    let message: string;
    if (failure) {
      message = failure.error instanceof EngineError ? failure.error.detail : UNEXPECTED_FAILURE;
      this.logger.warn({
        msg: 'health probe failed',
        service: key,
        failure: describeFailure(failure.error),
      });
    } else {
      message = `no answer within ${ms} ms (HEALTH_PROBE_TIMEOUT_MS).`;
      this.logger.warn({ msg: 'health probe timed out', service: key, timeoutMs: ms });
    }
    return indicator.down({ ...data, message, responseTime });
  }
}

import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { toInt } from './env-values.js';
import { SessionEnv } from './session.env.js';

/** Operations: the health probes and the shutdown grace. */
export class OperationsEnv extends SessionEnv {
  /** Time each probe of GET /health (a VAD and an ASR inference) may take, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  HEALTH_PROBE_TIMEOUT_MS: number = 5_000;

  /**
   * On SIGTERM, how long live sessions may take to finish their sentences and receive their
   * archive before the process exits, in milliseconds. Keep it under the orchestrator's own stop
   * timeout (Kubernetes terminationGracePeriodSeconds, systemd TimeoutStopSec).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_GRACE_MS: number = 25_000;
}

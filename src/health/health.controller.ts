import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../common/http/public.decorator.js';
import { API_TAGS } from '../common/http/api-tags.js';
import { SessionManager } from '../orchestrator/session/session-manager.js';
import { AsrHealthIndicator } from './asr.health.js';
import { VadHealthIndicator } from './vad.health.js';

const INDICATOR = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['up', 'down'] },
    engine: { type: 'string', description: 'The engine probed' },
    responseTime: { type: 'number', description: 'Duration of the probe, in ms' },
    message: { type: 'string', description: 'Why it is down (only when down)' },
  },
};
const INDICATORS = {
  type: 'object',
  properties: { vad: INDICATOR, asr: INDICATOR },
  additionalProperties: INDICATOR,
};
const RESULT = {
  type: 'object',
  required: ['status', 'details'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error', 'shutting_down'] },
    info: INDICATORS,
    error: INDICATORS,
    details: INDICATORS,
  },
};
const VAD_UP = { status: 'up', engine: 'silero-vad', responseTime: 1 };
const ASR_UP = { status: 'up', engine: 'moonshine+pocketsphinx', responseTime: 48 };
const ASR_DOWN = {
  status: 'down',
  engine: 'openai',
  message:
    "Transcription engine 'openai': could not be reached (ECONNREFUSED). Check ASR_OPENAI_BASE_URL (http://127.0.0.1:8000/v1) points to a running OpenAI-compatible transcription server, usually ending in /v1.",
  responseTime: 3,
};

/**
 * Probes for orchestrators and load balancers (decisions §6), open without an API key (§1):
 * `/health` (readiness) runs a real VAD and ASR inference on every call; `/health/live`
 * (liveness) only says the process answers.
 */
@ApiTags(API_TAGS.operations.name)
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly vad: VadHealthIndicator,
    private readonly asr: AsrHealthIndicator,
    private readonly sessions: SessionManager,
  ) {}

  @Public()
  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({
    summary: 'Readiness: a real VAD and speech recognition inference',
    description:
      'Runs the voice activity model and the active speech recognizer (embedded or remote) on a short built-in signal, on every call, each within HEALTH_PROBE_TIMEOUT_MS. 200 when both are up; 503 otherwise, the failing one under `error` with a `message`. A failure increments orchestrator_health_check_failures_total{service}. Open without an API key.',
  })
  @ApiOkResponse({
    description: 'Both probes are up',
    content: {
      'application/json': {
        schema: RESULT,
        example: {
          status: 'ok',
          info: { vad: VAD_UP, asr: ASR_UP },
          error: {},
          details: { vad: VAD_UP, asr: ASR_UP },
        },
      },
    },
  })
  @ApiServiceUnavailableResponse({
    description: 'A probe failed or timed out, or the service is shutting down',
    content: {
      'application/json': {
        schema: RESULT,
        example: {
          status: 'error',
          info: { vad: VAD_UP },
          error: { asr: ASR_DOWN },
          details: { vad: VAD_UP, asr: ASR_DOWN },
        },
      },
    },
  })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    if (this.sessions.draining) {
      // From SIGTERM on: not ready, so the load balancer stops sending new sessions here.
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      const sessions = {
        status: 'down' as const,
        message: 'The server is shutting down: its live sessions are being drained.',
      };
      return { status: 'shutting_down', info: {}, error: { sessions }, details: { sessions } };
    }
    try {
      return await this.health.check([() => this.vad.isHealthy(), () => this.asr.isHealthy()]);
    } catch (error) {
      // Terminus reports `error` and `shutting_down` as a ServiceUnavailableException holding the
      // result; the global filter would answer it as `{detail}`, so the result is answered here.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return error.getResponse() as HealthCheckResult;
    }
  }

  @Public()
  @Get('live')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({
    summary: 'Liveness: the process answers',
    description:
      'No engine is called: a busy or failing engine must not get the process restarted. Open without an API key.',
  })
  @ApiOkResponse({
    description: 'The process is alive',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['status'],
          properties: { status: { type: 'string', enum: ['ok'] } },
        },
        example: { status: 'ok' },
      },
    },
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}

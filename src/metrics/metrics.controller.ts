import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { PrometheusController } from '@willsoto/nestjs-prometheus';
import type { Response } from 'express';
import { Public } from '../common/http/public.decorator.js';
import { API_TAGS } from '../common/http/api-tags.js';

const EXPOSITION_EXAMPLE = [
  '# HELP orchestrator_sentences_total Sentences by the outcome of their pipeline',
  '# TYPE orchestrator_sentences_total counter',
  'orchestrator_sentences_total{outcome="processed"} 42',
  'orchestrator_sentences_total{outcome="empty"} 3',
  'orchestrator_sentences_total{outcome="errored"} 0',
  '# HELP orchestrator_ws_connections_total WebSocket connections accepted on /ws',
  '# TYPE orchestrator_ws_connections_total counter',
  'orchestrator_ws_connections_total 7',
  '',
].join('\n');

/** GET /metrics in the Prometheus text format, open to scrapers (decisions §1). */
@ApiTags(API_TAGS.operations.name)
@Controller()
export class MetricsController extends PrometheusController {
  @Public()
  @Get()
  @ApiOperation({
    summary: 'Prometheus metrics',
    description:
      'Every metric of the service in the Prometheus text exposition format 0.0.4: sessions, sentences, pipeline and engine latencies, failures, health checks, and Node.js process metrics. docs/deployment.md lists them. Open without an API key, and never rate limited, for scrapers.',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The metrics, in the Prometheus text format',
    content: {
      'text/plain; version=0.0.4; charset=utf-8': {
        schema: { type: 'string' },
        example: EXPOSITION_EXAMPLE,
      },
    },
  })
  override index(@Res({ passthrough: true }) response: Response) {
    return super.index(response);
  }
}

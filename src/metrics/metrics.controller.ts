import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PrometheusController } from '@willsoto/nestjs-prometheus';
import type { Response } from 'express';
import { Public } from '../common/http/public.decorator.js';

/** GET /metrics in the Prometheus text format, open to scrapers (decisions §1). */
@ApiExcludeController()
@Controller()
export class MetricsController extends PrometheusController {
  @Public()
  @Get()
  override index(@Res({ passthrough: true }) response: Response) {
    return super.index(response);
  }
}

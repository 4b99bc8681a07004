import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';

/** A capability's service that names the engine answering its requests (TRANSLATION_ENGINE…). */
export interface NamesItsEngine {
  readonly engineName: string;
}

/**
 * The interceptor that sets `X-Engine` on every answer of a controller, to the engine of
 * `service`, before the handler runs: an engine's failure (503) and a refused request (422)
 * name it too. One place for what each handler used to set by hand; a controller takes it with
 * `@UseInterceptors(engineHeader(TheService))`. Guards run before it, so a 401 names no engine.
 */
export function engineHeader(service: Type<NamesItsEngine>): Type<NestInterceptor> {
  @Injectable()
  class EngineHeaderInterceptor implements NestInterceptor {
    constructor(@Inject(service) private readonly named: NamesItsEngine) {}

    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      context.switchToHttp().getResponse<Response>().setHeader('X-Engine', this.named.engineName);
      return next.handle();
    }
  }
  Object.defineProperty(EngineHeaderInterceptor, 'name', {
    value: `${service.name}EngineHeaderInterceptor`,
  });
  return EngineHeaderInterceptor;
}

import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { ApiKeyGuard } from './common/auth/api-key.guard.js';
import { ApiKeyVerifier } from './common/auth/api-key.verifier.js';
import { HttpErrorFilter } from './common/http/http-error.filter.js';
import { AudioJsonBodyMiddleware, JsonBodyMiddleware } from './common/http/json-body.middleware.js';
import { MethodNotAllowedMiddleware } from './common/http/method-not-allowed.middleware.js';
import { LoggingModule } from './common/logging/logging.module.js';
import { RateLimitGuard, rateLimitOptions } from './common/security/rate-limit.guard.js';
import { RequestValidationPipe } from './common/validation/request-validation.pipe.js';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { ConsoleModule } from './console/console.module.js';
import { HealthModule } from './health/health.module.js';
import { LlmModule } from './llm/llm.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { OrchestratorModule } from './orchestrator/orchestrator.module.js';
import { SynthesisModule } from './synthesis/synthesis.module.js';
import { BASE64_TRANSCRIPTION_ROUTE } from './transcription/transcription.controller.js';
import { TranscriptionModule } from './transcription/transcription.module.js';
import { TranslationModule } from './translation/translation.module.js';

@Module({})
export class AppModule implements NestModule {
  /**
   * After the request logger (an imported module's middleware runs first), before every route:
   * the 405 of a known path under a wrong method, then JSON body parsing (Base64 audio has its
   * own, larger limit on its one route).
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(MethodNotAllowedMiddleware).forRoutes('{*path}');
    consumer.apply(AudioJsonBodyMiddleware).forRoutes(BASE64_TRANSCRIPTION_ROUTE);
    consumer.apply(JsonBodyMiddleware).exclude(BASE64_TRANSCRIPTION_ROUTE).forRoutes('{*path}');
  }

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        ThrottlerModule.forRoot(rateLimitOptions(config)),
        MetricsModule,
        TranslationModule,
        TranscriptionModule,
        SynthesisModule,
        LlmModule,
        OrchestratorModule,
        HealthModule,
        ConsoleModule,
      ],
      providers: [
        { provide: ApiKeyVerifier, useValue: new ApiKeyVerifier(config.apiKeys) },
        // The rate limit first: requests with a wrong key count too (key guessing).
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_PIPE, useClass: RequestValidationPipe },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}

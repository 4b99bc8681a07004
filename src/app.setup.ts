import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { AppConfig } from './config/app-config.js';
import { SessionWsAdapter } from './orchestrator/transport/session-ws.adapter.js';

/** Builds the application as `npm start` serves it; the end-to-end tests use the same function. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // JSON bodies are parsed by JsonBodyMiddleware, after the request logger.
  app.enableShutdownHooks();
  app.useWebSocketAdapter(new SessionWsAdapter(app, config));
  setupOpenApi(app);
  return app;
}

function setupOpenApi(app: NestExpressApplication): void {
  const document = new DocumentBuilder()
    .setTitle('Medical interpretation service')
    .setDescription(
      'Transcription, translation, speech synthesis and plain-language reformulation for ' +
        'clinician–patient conversations. Errors: 422 `{detail: [{loc, msg, type}]}` for ' +
        'validation, `{detail: "…"}` otherwise. Nothing of a conversation is stored or logged.',
    )
    .setVersion('1')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
      description: 'Only when the server sets API_KEYS',
    })
    .addSecurityRequirements('bearer')
    .build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, document), {
    jsonDocumentUrl: 'docs-json',
  });
}

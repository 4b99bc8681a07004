import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { Express } from 'express';
import { buildAsyncApiDocument } from '../orchestrator/protocol/asyncapi/asyncapi-document.js';
import { ASYNCAPI_JSON_PATH, OPENAPI_JSON_PATH, SWAGGER_UI_PATH } from './api-docs-paths.js';
import { createOpenApiDocument } from './openapi-document.js';

/**
 * Serves the API descriptions, open like the console's page: Swagger UI and OpenAPI for the
 * REST API, AsyncAPI for the WebSocket protocol. Each is built on its first request, then kept.
 */
export function serveApiDocs(app: NestExpressApplication): void {
  let asyncApi: object | undefined;
  const express = app.getHttpAdapter().getInstance() as Express;
  express.get(ASYNCAPI_JSON_PATH, (_request, response) => {
    response.json((asyncApi ??= buildAsyncApiDocument()));
  });
  SwaggerModule.setup(SWAGGER_UI_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
  });
}

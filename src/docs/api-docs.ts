import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { OPENAPI_JSON_PATH, SWAGGER_UI_PATH } from './api-docs-paths.js';
import { createOpenApiDocument } from './openapi-document.js';

/**
 * Serves the API description, open like the console's page: Swagger UI and OpenAPI for the
 * REST API, built on its first request, then kept.
 */
export function serveApiDocs(app: NestExpressApplication): void {
  SwaggerModule.setup(SWAGGER_UI_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
  });
}

import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { JSONSchema7 } from 'json-schema';
import { sample } from 'openapi-sampler';
import { API_TAGS } from '../common/http/api-tags.js';
import { ASYNCAPI_JSON_PATH } from './api-docs-paths.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Schema = { $ref?: string; additionalProperties?: unknown };
type Media = { schema?: Schema; example?: unknown; examples?: unknown };
type Operation = {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};

/** The OpenAPI description served at /docs and /docs-json. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Medical interpretation service')
    .setDescription(
      'Transcription, translation, speech synthesis and plain-language reformulation for ' +
        'clinician–patient conversations. Errors: 422 `{detail: [{loc, msg, type}]}` for ' +
        'validation, `{detail: "…"}` otherwise. Nothing of a conversation is stored or logged.\n\n' +
        'Real-time interpreted sessions use the WebSocket at `/ws`; its protocol is described in ' +
        `AsyncAPI 3 at [${ASYNCAPI_JSON_PATH}](${ASYNCAPI_JSON_PATH}) (every message, with ` +
        'examples) and in docs/protocol.md.',
    )
    .setVersion('1')
    .setExternalDoc(
      'The WebSocket protocol of real-time sessions (/ws), in AsyncAPI 3',
      ASYNCAPI_JSON_PATH,
    )
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
      description: 'Only when the server sets API_KEYS',
    })
    .addSecurityRequirements('bearer');
  for (const tag of Object.values(API_TAGS)) builder.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, builder.build());
  for (const operation of operations(document)) {
    forbidUnknownBodyFields(document, operation);
    addResponseExamples(document, operation);
  }
  return document;
}

function operations(document: OpenAPIObject): Operation[] {
  return Object.values(document.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([, operation]) => operation as Operation),
  );
}

/**
 * The validation pipe refuses fields a request DTO does not declare (forbidNonWhitelisted, 422
 * `extra_forbidden`), so the schema of every JSON request body says so.
 */
function forbidUnknownBodyFields(document: OpenAPIObject, operation: Operation): void {
  const ref = operation.requestBody?.content?.['application/json']?.schema?.$ref;
  const schema = ref && document.components?.schemas?.[ref.split('/').pop()!];
  if (schema) (schema as Schema).additionalProperties = false;
}

/**
 * Every JSON answer gets an example; those the decorators did not give are sampled from the
 * schema (openapi-sampler), so they are built from the DTOs' own property examples.
 */
function addResponseExamples(document: OpenAPIObject, operation: Operation): void {
  for (const response of Object.values(operation.responses ?? {})) {
    const media = response.content?.['application/json'];
    if (!media?.schema || media.example !== undefined || media.examples !== undefined) continue;
    media.example = sample(media.schema as JSONSchema7, { skipReadOnly: true }, document);
  }
}

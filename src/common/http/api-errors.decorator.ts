import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';

const DETAIL_STRING = {
  type: 'object',
  properties: { detail: { type: 'string' } },
  required: ['detail'],
};

const VALIDATION = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      type: 'array',
      items: {
        type: 'object',
        required: ['loc', 'msg', 'type'],
        properties: {
          loc: { type: 'array', items: { type: 'string' } },
          msg: { type: 'string' },
          type: { type: 'string' },
        },
      },
    },
  },
};

const RESPONSES: Record<number, { description: string; schema: object; example: object }> = {
  400: {
    description: 'The audio or body cannot be decoded',
    schema: DETAIL_STRING,
    example: { detail: 'The file is not a WAV file (no RIFF header).' },
  },
  401: {
    description: 'Missing or wrong API key (only when API_KEYS is set)',
    schema: DETAIL_STRING,
    example: { detail: 'An API key is required. Send it as "Authorization: Bearer <key>".' },
  },
  413: {
    description: 'Request body over the configured limit',
    schema: DETAIL_STRING,
    example: {
      detail:
        'The request body is larger than the 1048576 bytes this server accepts (MAX_JSON_BODY_BYTES).',
    },
  },
  415: {
    description:
      'The body is not JSON (application/json, or multipart/form-data for an upload), or not UTF-8',
    schema: DETAIL_STRING,
    example: { detail: 'Unsupported content type: send the body as application/json.' },
  },
  422: {
    description: 'Validation failure (interface 2.13)',
    schema: VALIDATION,
    example: {
      detail: [
        {
          loc: ['body', 'source_language'],
          msg: "'en' is an ISO 639 code or BCP-47 tag; send the language's code from GET /api/v1/translation/languages instead (for English: eng_Latn).",
          type: 'language_code_format',
        },
      ],
    },
  },
  429: {
    description: 'Too many requests from this client (RATE_LIMIT_PER_MINUTE); see Retry-After',
    schema: DETAIL_STRING,
    example: {
      detail:
        'Too many requests from this address: the server accepts 600 per minute (RATE_LIMIT_PER_MINUTE). Retry in 12 s.',
    },
  },
  503: {
    description: 'The engine is not configured, failing or too slow',
    schema: DETAIL_STRING,
    example: {
      detail:
        "Translation engine 'libretranslate': could not connect. Check that LIBRETRANSLATE_URL (http://127.0.0.1:5000) is reachable.",
    },
  },
};

/**
 * Documents the decisions §3 error answers an operation can give; 429 always, since every API
 * route is rate limited.
 */
export const ApiErrors = (...statuses: number[]) =>
  applyDecorators(
    ...[...new Set([...statuses, 429])].map((status) => {
      const { description, schema, example } = RESPONSES[status];
      return ApiResponse({
        status,
        description,
        content: { 'application/json': { schema, example } },
      });
    }),
  );

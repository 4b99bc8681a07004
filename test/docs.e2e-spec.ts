import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';

/**
 * The OpenAPI document of the BUILT service: the Swagger CLI plugin (schemas from the DTO types,
 * JSDoc descriptions and @example, class-validator bounds) only runs in `nest build`, so an
 * in-process app under Jest would describe far less than what `npm start` serves.
 */

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  example?: unknown;
  minLength?: number;
  maxLength?: number;
  description?: string;
};
type MediaType = { schema?: Schema; example?: unknown };
type Operation = {
  summary?: string;
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
};
type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
  security?: Record<string, string[]>[];
};

const LANGUAGES = '/api/v1/translation/languages';
const TRANSLATE = '/api/v1/translation/translate';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const FLORES = /^[a-z]{3}_[A-Z][a-z]{3}$/;

describe('OpenAPI document of the built service (node dist/main.js)', () => {
  let server: BuiltServer;
  let doc: OpenApi;

  /** The schema itself, following a `#/components/schemas/…` reference. */
  const resolve = (schema: Schema | undefined): Schema => {
    expect(schema).toBeDefined();
    if (!schema!.$ref) return schema!;
    const name = schema!.$ref.replace('#/components/schemas/', '');
    expect(doc.components.schemas[name]).toBeDefined();
    return doc.components.schemas[name];
  };
  const json = (operation: Operation, status: string): MediaType => {
    const media = operation.responses[status]?.content?.['application/json'];
    expect([`response ${status}`, media !== undefined]).toEqual([`response ${status}`, true]);
    return media!;
  };
  const translate = () => doc.paths[TRANSLATE].post;
  const languages = () => doc.paths[LANGUAGES].get;

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'silent' });
    const res = await fetch(`${server.url}/docs-json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApi;
  });
  afterAll(() => server?.stop());

  it('is an OpenAPI 3 document with the translation operations', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    expect(translate()).toBeDefined();
    expect(languages()).toBeDefined();
  });

  it('gives every operation a summary', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.summary] as const),
    );
    expect(operations.length).toBeGreaterThanOrEqual(2);
    for (const [name, summary] of operations) {
      expect([name, typeof summary]).toEqual([name, 'string']);
      expect([name, summary!.trim().length > 3]).toEqual([name, true]);
    }
  });

  it('describes the translate request body with bounds and examples (interface 2.4)', () => {
    const body = translate().requestBody;
    expect(body?.required).toBe(true);
    const schema = resolve(body?.content?.['application/json']?.schema);
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(
      expect.arrayContaining(['text', 'source_language', 'target_language']),
    );
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual([
      'source_language',
      'target_language',
      'text',
    ]);
    const bounds = { text: [1, 5000], source_language: [1, 32], target_language: [1, 32] };
    for (const [name, [min, max]] of Object.entries(bounds)) {
      const property = schema.properties![name];
      expect([name, property.type]).toEqual([name, 'string']);
      expect([name, property.minLength]).toEqual([name, min]);
      expect([name, property.maxLength]).toEqual([name, max]);
      expect([name, typeof property.example]).toEqual([name, 'string']);
      const example = property.example as string;
      expect([name, example.length >= min && example.length <= max]).toEqual([name, true]);
      expect([name, Boolean(property.description)]).toEqual([name, true]);
    }
    expect(schema.properties!.source_language.example).toMatch(FLORES);
    expect(schema.properties!.target_language.example).toMatch(FLORES);
  });

  it('has examples a client can send as they are (no literal "\\n" escapes)', () => {
    const examples = Object.entries(doc.components.schemas).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([, property]) => typeof property.example === 'string')
        .map(([property, p]) => [`${name}.${property}`, p.example as string] as const),
    );
    expect(examples.length).toBeGreaterThan(0);
    for (const [where, example] of examples) {
      expect([where, example]).toEqual([where, expect.not.stringContaining('\\')]);
    }
  });

  it('describes the translate 200 answer as TranslationResultDto (interface 2.5)', () => {
    const operation = translate();
    expect(Object.keys(operation.responses)).not.toContain('201');
    const media = json(operation, '200');
    expect(media.schema?.$ref).toBe('#/components/schemas/TranslationResultDto');
    const schema = resolve(media.schema);
    const types = {
      success: 'boolean',
      source_language: 'string',
      target_language: 'string',
      original_text: 'string',
      translated_text: 'string',
      origin: 'string',
      translation_seconds: 'number',
      timestamp: 'string',
    };
    // Extensions of interface 2.5: words the engine left untranslated, the fixed phrase matched.
    const optional = { untranslated_words: 'array', phrase_id: 'string' };
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
      Object.keys({ ...types, ...optional }).sort(),
    );
    expect(schema.properties!.untranslated_words.type).toBe('array');
    expect(schema.required).not.toContain('untranslated_words');
    expect(schema.required).not.toContain('phrase_id');
    expect((schema.properties!.origin as { enum?: string[] }).enum).toEqual([
      'phrasebook',
      'machine',
    ]);
    for (const [name, type] of Object.entries(types)) {
      expect([name, schema.properties![name].type]).toEqual([name, type]);
      expect([name, schema.properties![name].example !== undefined]).toEqual([name, true]);
    }
    expect(schema.required).toEqual(expect.arrayContaining(Object.keys(types)));
    // BCP-47 locales in the result, not the request's opaque codes.
    expect(schema.properties!.source_language.example).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/);
  });

  it('describes the languages 200 answer as LanguageListDto of LanguageEntryDto (interface 2.6)', () => {
    const media = json(languages(), '200');
    expect(media.schema?.$ref).toBe('#/components/schemas/LanguageListDto');
    const list = resolve(media.schema);
    expect(Object.keys(list.properties ?? {}).sort()).toEqual(['languages', 'total']);
    expect(list.required).toEqual(expect.arrayContaining(['languages', 'total']));
    expect(list.properties!.languages.type).toBe('array');
    expect(list.properties!.languages.items?.$ref).toBe('#/components/schemas/LanguageEntryDto');
    const entry = resolve(list.properties!.languages.items);
    const fields = ['bcp47', 'code', 'iso_639_1', 'iso_639_3', 'name'];
    expect(Object.keys(entry.properties ?? {}).sort()).toEqual(fields);
    expect(entry.required).toEqual(expect.arrayContaining(fields));
    for (const field of fields) {
      expect([field, entry.properties![field].type]).toEqual([field, 'string']);
      expect([field, entry.properties![field].example !== undefined]).toEqual([field, true]);
    }
    expect(entry.properties!.code.example).toMatch(FLORES);
  });

  it('types the language count as an integer (interface 2.6: total (integer))', () => {
    const list = doc.components.schemas.LanguageListDto;
    expect(list.properties!.total.type).toBe('integer');
  });

  it('documents the translate errors 401, 413, 422 and 503 with the decisions §3 bodies', () => {
    const operation = translate();
    expect(Object.keys(operation.responses).sort()).toEqual([
      '200',
      '401',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    for (const status of ['401', '413', '503']) {
      expect([status, Boolean(operation.responses[status].description)]).toEqual([status, true]);
      const { schema, example } = json(operation, status);
      expect({ status, schema }).toMatchObject({
        status,
        schema: {
          type: 'object',
          required: ['detail'],
          properties: { detail: { type: 'string' } },
        },
      });
      expect([status, example]).toEqual([status, { detail: expect.any(String) }]);
    }
    expect((json(operation, '413').example as { detail: string }).detail).toContain(
      'MAX_JSON_BODY_BYTES',
    );
  });

  it('documents the 422 with the interface 2.13 shape', () => {
    const { schema, example } = json(translate(), '422');
    const resolved = resolve(schema);
    expect(resolved.required).toContain('detail');
    const detail = resolved.properties!.detail;
    expect(detail.type).toBe('array');
    const item = resolve(detail.items);
    expect(item.type).toBe('object');
    expect(item.required).toEqual(expect.arrayContaining(['loc', 'msg', 'type']));
    expect(item.properties!.loc).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(item.properties!.msg.type).toBe('string');
    expect(item.properties!.type.type).toBe('string');
    expect(example).toEqual({
      detail: [
        { loc: ['body', expect.any(String)], msg: expect.any(String), type: expect.any(String) },
      ],
    });
  });

  it('documents the languages errors 401 and 503', () => {
    const operation = languages();
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '429', '503']);
    for (const status of ['401', '503']) {
      expect(json(operation, status).schema).toMatchObject({
        properties: { detail: { type: 'string' } },
      });
    }
  });

  it('declares the bearer API key scheme and applies it', () => {
    const schemes = doc.components.securitySchemes ?? {};
    const [name, scheme] = Object.entries(schemes)[0] ?? [];
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ [name!]: [] }]);
  });

  it('does not call the API keys JWTs (they are opaque strings from API_KEYS)', () => {
    for (const scheme of Object.values(doc.components.securitySchemes ?? {})) {
      expect((scheme as { bearerFormat?: string }).bearerFormat).not.toBe('JWT');
    }
  });

  it('serves Swagger UI at /docs, with every asset from the service itself', async () => {
    const page = `${server.url}/docs`;
    const res = await fetch(page);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('swagger-ui');
    expect(html).toMatch(/<div id="swagger-ui">/);

    const assets = [...html.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)\s*=\s*"([^"]*)"/gi)]
      .map((match) => match[1])
      .filter((url) => !url.startsWith('data:'));
    expect(assets.length).toBeGreaterThanOrEqual(3);
    expect(assets.some((url) => url.endsWith('.js'))).toBe(true);
    expect(assets.some((url) => url.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const url = new URL(asset, page);
      expect([asset, url.origin]).toEqual([asset, server.url]);
      const loaded = await fetch(url);
      expect([asset, loaded.status]).toEqual([asset, 200]);
      await loaded.arrayBuffer();
    }
    // No stylesheet, script or image from another host (SVG namespaces are not fetched).
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(\s*["']?(?:https?:)?\/\//i);
  });

  it('embeds the same document in the Swagger UI initializer', async () => {
    const init = await fetch(`${server.url}/docs/swagger-ui-init.js`);
    expect(init.status).toBe(200);
    const script = await init.text();
    expect(script).toContain('TranslationController_translate');
    expect(script).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[a-z]/i);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';

/**
 * Issue 14 item 10: what the OpenAPI document of the built service says, checked against what
 * the service does. Built, because the Swagger CLI plugin (schemas from the DTOs) runs in
 * `nest build` only. docs.e2e-spec.ts covers the translation operations in detail.
 */

type Schema = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  pattern?: string;
  format?: string;
};
type Media = { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
};
type OpenApi = {
  info: { description?: string };
  externalDocs?: { url: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
  security?: unknown[];
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const KEY = 'key-one';
/** The routes decisions §1 leaves open: probes, the scraper, what a session and the console need. */
const OPEN = [
  'GET /health',
  'GET /health/live',
  'GET /languages',
  'GET /languages/capabilities',
  'GET /metrics',
];

describe('OpenAPI description of the built service (issue 14, item 10)', () => {
  let server: BuiltServer;
  let doc: OpenApi;
  let operations: [name: string, operation: Operation][];

  const schemaOf = (ref: string | undefined): Schema => {
    const name = ref?.replace('#/components/schemas/', '') ?? '';
    expect(doc.components.schemas[name]).toBeDefined();
    return doc.components.schemas[name];
  };

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'silent', API_KEYS: KEY });
    const res = await fetch(`${server.url}/docs-json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApi;
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
    );
  }, 60_000);
  afterAll(() => server?.stop());

  it('documents GET /metrics, in the Prometheus text format with an example', () => {
    const metrics = doc.paths['/metrics']?.get;
    expect(metrics).toBeDefined();
    const content = metrics!.responses['200'].content ?? {};
    const [type, media] = Object.entries(content)[0] ?? [];
    expect(type).toMatch(/^text\/plain/);
    expect(media?.example).toMatch(/^# HELP orchestrator_\w+ /m);
  });

  it('documents 415 with the decisions §3 body on every operation that takes a body', async () => {
    const withBody = operations.filter(([, op]) => op.requestBody);
    expect(withBody.length).toBeGreaterThanOrEqual(8);
    for (const [name, op] of withBody) {
      const media = op.responses['415']?.content?.['application/json'];
      expect({ name, schema: media?.schema }).toEqual({
        name,
        schema: expect.objectContaining({ properties: { detail: { type: 'string' } } }),
      });
      expect({ name, example: media?.example }).toEqual({
        name,
        example: { detail: expect.stringMatching(/application\/json/) },
      });
    }
    // What the server answers, as documented.
    const res = await fetch(`${server.url}/api/v1/translation/translate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'text/plain' },
      body: 'Hello',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(
      doc.paths['/api/v1/translation/translate'].post.responses['415'].content!['application/json']
        .example,
    );
  });

  it('says `security: []` on exactly the open operations, and the server agrees', async () => {
    const open = operations.filter(([, op]) => Array.isArray(op.security) && !op.security.length);
    expect(open.map(([name]) => name)).toEqual(expect.arrayContaining(OPEN));
    for (const [, op] of operations.filter(([name]) => !open.some(([o]) => o === name))) {
      expect(op.security).toBeUndefined(); // the document's bearer requirement applies
    }
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const [name] of operations) {
      const [method, path] = name.split(' ');
      const res = await fetch(`${server.url}${path}`, {
        method,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, body: '{}' }
          : {}),
      });
      await res.arrayBuffer();
      const documentedOpen = open.some(([o]) => o === name);
      expect({ name, unauthorized: res.status === 401 }).toEqual({
        name,
        unauthorized: !documentedOpen,
      });
    }
  }, 60_000);

  it('lists its tags with descriptions, and tags every operation with one of them', () => {
    const tags = doc.tags ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(5);
    const names = tags.map((tag) => tag.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tag of tags) {
      // One style for every name: sentence case, words only.
      expect(tag.name).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
      expect(tag.description?.length ?? 0).toBeGreaterThan(20);
    }
    const used = new Set<string>();
    for (const [name, op] of operations) {
      expect({ name, tags: op.tags?.length }).toEqual({ name, tags: 1 });
      expect(names).toContain(op.tags![0]);
      used.add(op.tags![0]);
    }
    expect([...used].sort()).toEqual([...names].sort());
  });

  it('gives every operation a description beside its summary, and every answer one', () => {
    for (const [name, op] of operations) {
      expect({ name, long: (op.description ?? '').length > 30 }).toEqual({ name, long: true });
      expect(op.description).not.toBe(op.summary);
      for (const [status, response] of Object.entries(op.responses)) {
        expect({ name, status, described: !!response.description?.trim() }).toEqual({
          name,
          status,
          described: true,
        });
      }
    }
  });

  it('gives every success and error answer an example that its own schema accepts', () => {
    const ajv = ajvFormats.default(new Ajv({ strict: false, allErrors: true }));
    // OpenAPI 3.0 schemas: `nullable` and `example` are not JSON Schema, and ajv ignores them.
    ajv.addSchema({ components: doc.components }, 'openapi');
    const retarget = (schema: unknown): unknown =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
    let checked = 0;
    for (const [name, op] of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.schema?.format === 'binary') continue; // audio: no example to print
          const examples =
            media.example !== undefined
              ? [media.example]
              : Object.values(media.examples ?? {}).map((example) => example.value);
          expect({ name, status, type, examples: examples.length > 0 }).toEqual({
            name,
            status,
            type,
            examples: true,
          });
          const validate = ajv.compile(retarget(media.schema) as object);
          for (const example of examples) {
            validate(example);
            expect({ name, status, errors: validate.errors ?? null }).toEqual({
              name,
              status,
              errors: null,
            });
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('says that the translation timestamp is a date-time', () => {
    expect(doc.components.schemas.TranslationResultDto.properties!.timestamp).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
  });

  it('gives a voice its language pattern, the one synthesis accepts', () => {
    const listed = doc.components.schemas.VoiceDto.properties!.language;
    const accepted = doc.components.schemas.SynthesizeRequestDto.properties!.language;
    expect(listed.pattern).toBe('^[a-z]{2}$');
    expect(accepted.pattern).toBe(listed.pattern);
  });

  it('says additionalProperties: false on every JSON request body, as the server refuses extra fields', async () => {
    const bodies = operations.flatMap(([name, op]) => {
      const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
      return ref ? [[name, schemaOf(ref)] as const] : [];
    });
    expect(bodies.length).toBeGreaterThanOrEqual(7);
    for (const [name, schema] of bodies) {
      expect({ name, additionalProperties: schema.additionalProperties }).toEqual({
        name,
        additionalProperties: false,
      });
      // The server's answer to the documented example plus one field the schema does not have.
      const example = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([field, p]) => [field, p.example]),
      );
      const [, path] = name.split(' ');
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...example, not_in_the_schema: 1 }),
      });
      expect({ name, status: res.status }).toEqual({ name, status: 422 });
      const body = (await res.json()) as { detail: { loc: string[]; type: string }[] };
      expect(body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'not_in_the_schema'], type: 'extra_forbidden' }),
      ]);
    }
  });

  it('links the AsyncAPI description of the WebSocket protocol, which the server serves', async () => {
    expect(doc.info.description).toContain('(/docs/asyncapi.json)');
    expect(doc.externalDocs?.url).toBe('/docs/asyncapi.json');
    const res = await fetch(new URL(doc.externalDocs!.url, server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const asyncApi = (await res.json()) as { asyncapi: string; channels: object };
    expect(asyncApi.asyncapi).toMatch(/^3\./);
  });
});

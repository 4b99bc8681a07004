import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Parser } from '@asyncapi/parser';
import request from 'supertest';
import { buildAsyncApiDocument } from '../src/orchestrator/protocol/asyncapi/asyncapi-document.js';
import { startTestApp } from './support/test-app.js';

/**
 * Issue 14 item 11: the AsyncAPI description of the WebSocket protocol is served beside /docs,
 * open like it, and linked from the Swagger page and docs/protocol.md. Its content is checked
 * by src/orchestrator/protocol/asyncapi/asyncapi-document.spec.ts.
 */
describe('GET /docs/asyncapi.json (issue 14, item 11)', () => {
  let app: NestExpressApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp({ API_KEYS: 'key-one' });
  });
  afterAll(() => app?.close());

  it('serves the AsyncAPI 3 document without an API key, as JSON', async () => {
    const res = await http().get('/docs/asyncapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildAsyncApiDocument())));
    const { document, diagnostics } = await new Parser().parse(res.text);
    expect(diagnostics.filter((d) => d.severity <= 1)).toEqual([]);
    expect(document?.version()).toMatch(/^3\./);
  });

  it('is linked from the OpenAPI description that Swagger UI shows', async () => {
    const openApi = (await http().get('/docs-json').expect(200)).body as {
      info: { description: string };
      externalDocs: { url: string };
    };
    expect(openApi.info.description).toContain('[/docs/asyncapi.json](/docs/asyncapi.json)');
    expect(openApi.externalDocs.url).toBe('/docs/asyncapi.json');
    const init = await http().get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('/docs/asyncapi.json');
  });

  it('is linked from docs/protocol.md', () => {
    const protocol = readFileSync(new URL('../docs/protocol.md', import.meta.url), 'utf8');
    expect(protocol).toContain('`GET /docs/asyncapi.json`');
  });
});

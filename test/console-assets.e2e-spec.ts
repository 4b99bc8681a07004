import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { type IncomingHttpHeaders, get } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ROOT, ensureBuilt } from './support/built-server.js';
import { startTestApp } from './support/test-app.js';

/**
 * How the interpreter console's files are served (issue 18): vite's hashed assets with a long
 * immutable cache, gzip-compressed for browsers that accept it; the page itself revalidated on
 * every load.
 */
const ASSETS = join(ROOT, 'console', 'dist', 'assets');

/**
 * GET with these headers, the body as the bytes that came (supertest would decompress it, and
 * asks for gzip by default).
 */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('the console files', () => {
  let app: NestExpressApplication;
  let url: string;
  let script: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ensureBuilt();
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    const page = await http().get('/').expect(200);
    script = /<script type="module"[^>]* src="\.\/(assets\/index-[^"]+\.js)"/.exec(page.text)![1]!;
  }, 180_000);
  afterAll(() => app?.close());

  it('serves the page with no-cache: it names the current assets', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await http().get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets gzip-compressed, cached for a year, to browsers that accept gzip', async () => {
    const res = await rawGet(`${url}/${script}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    const { body } = res;
    const original = readFileSync(join(ROOT, 'console', 'dist', script));
    expect(body.length).toBeLessThan(original.length / 2);
    expect(gunzipSync(body).equals(original)).toBe(true);
  });

  it('serves them uncompressed to a client that does not accept gzip, with the same cache', async () => {
    for (const encoding of ['identity', 'gzip;q=0']) {
      const res = await rawGet(`${url}/${script}`, { 'Accept-Encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.body.equals(readFileSync(join(ROOT, 'console', 'dist', script)))).toBe(true);
    }
  });

  it('compresses every script and style sheet of the build, the worklet too', async () => {
    const names = readdirSync(ASSETS).filter((name) => /\.(js|css)$/.test(name));
    expect(names.some((name) => name.includes('worklet'))).toBe(true);
    for (const name of names) {
      const res = await http().get(`/assets/${name}`).set('Accept-Encoding', 'gzip').expect(200);
      expect([name, res.headers['content-encoding']]).toEqual([name, 'gzip']);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const css = names.find((name) => name.endsWith('.css'))!;
    const res = await http().get(`/assets/${css}`).set('Accept-Encoding', 'gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
  });

  it('answers an asset that does not exist with 404, as before', async () => {
    await http().get('/assets/nope-12345678.js').set('Accept-Encoding', 'gzip').expect(404);
  });
});

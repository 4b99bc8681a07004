/**
 * What the error-answer specs share (test/errors*.e2e-spec.ts): the app they send to, one raw
 * HTTP exchange, and the checks of a decisions §3 answer.
 */
import { expect } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { startTestApp } from './test-app.js';

export const LANGUAGES = '/api/v1/translation/languages';
export const TRANSLATE = '/api/v1/translation/translate';
export const VALID = { text: 'Hello', source_language: 'eng_Latn', target_language: 'spa_Latn' };

/** The app with a body limit of 2048 bytes, listening on a port of its own (for raw()). */
export async function startSmallBodyApp(): Promise<NestExpressApplication> {
  const app = await startTestApp({ MAX_JSON_BODY_BYTES: '2048' });
  await app.listen(0, '127.0.0.1');
  return app;
}

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** No answer ever carries a stack trace or an internal error message (decisions §3). */
function expectNoLeak(res: Answer) {
  expect(res.text).not.toMatch(/\bat [^\n]*\.(?:js|ts):\d/);
  expect(res.text).not.toMatch(/\.(?:js|ts):\d+:\d+/);
  expect(res.text).not.toContain('Error:');
  expect(res.text).not.toContain('node_modules');
}

/** A `{ detail: "…" }` body (decisions §3) with a readable sentence. */
export function expectDetailString(res: Answer) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(10);
  expectNoLeak(res);
}

/** A 2.13 body: `{ detail: [{ loc, msg, type }] }`, every loc starting with `body`. */
export function expectValidationBody(res: Answer): { loc: string[]; msg: string; type: string }[] {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { detail: { loc: string[]; msg: string; type: string }[] };
  expect(Object.keys(body)).toEqual(['detail']);
  expect(Array.isArray(body.detail)).toBe(true);
  expect(body.detail.length).toBeGreaterThan(0);
  for (const item of body.detail) {
    expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
    expect(item.loc[0]).toBe('body');
    expect(item.loc.every((part) => typeof part === 'string')).toBe(true);
    expect(typeof item.msg).toBe('string');
    expect(typeof item.type).toBe('string');
  }
  expectNoLeak(res);
  return body.detail;
}

/** 4xx, never 5xx, for whatever a client sends, with a decisions §3 body. */
export function expectClientError(res: Answer) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = JSON.parse(res.text) as { detail?: unknown };
  expect(body.detail).toBeDefined();
  expectNoLeak(res);
}

/** One raw HTTP exchange, for bodies and framing supertest does not produce. */
export function raw(
  app: NestExpressApplication,
  options: { method?: string; path: string; headers?: Record<string, string>; chunks: Buffer[] },
): Promise<Answer> {
  const { port } = app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks) req.write(chunk);
    req.end();
  });
}

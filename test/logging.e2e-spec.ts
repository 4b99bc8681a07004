import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { type FakeLibreTranslate, startFakeLibreTranslate } from './support/fake-libretranslate.js';

/**
 * What the service writes to its logs, read from the stdout of the real process (`node
 * dist/main.js`): pino writes to file descriptor 1 through SonicBoom (fs.write), which a spy on
 * process.stdout.write inside the test process would not see.
 * Conversations are medical data: no text, translation, token or key may reach a log.
 */

const TRANSLATE = '/api/v1/translation/translate';
const LANGUAGES = '/api/v1/translation/languages';
const API_KEY = 'log-key-9f3a7c51';
const WRONG_KEY = 'wrong-key-5521e0';
const QUERY_TOKEN = 'secret-token-1';
const TEXT = 'Zebrafish-7731 chest pain';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { id: string; method: string; path: string };
  res?: { statusCode: number };
  [key: string]: unknown;
}

/** Every stdout line, each of which must be one JSON object. */
function logLines(server: BuiltServer): LogLine[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = `not JSON: ${line}`;
      }
      expect(typeof parsed).toBe('object');
      return parsed as LogLine;
    });
}

const completion = (server: BuiltServer, id: string) =>
  server.waitForOutput(new RegExp(`"reqId":"${id}".*"msg":"request (completed|errored)"`));

describe('Logs of the running service (LOG_LEVEL=info)', () => {
  let server: BuiltServer;
  let translated = '';
  let translateId = '';

  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${API_KEY}`, ...init.headers },
    });

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'info', API_KEYS: API_KEY, HOST: '127.0.0.1' });
    await server.waitForOutput(/Listening on/);

    const res = await send(`${TRANSLATE}?token=${QUERY_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: TEXT,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      }),
    });
    expect(res.status).toBe(200);
    translateId = res.headers.get('x-request-id') ?? '';
    translated = ((await res.json()) as { translated_text: string }).translated_text;
    await completion(server, translateId);
  });
  afterAll(() => server?.stop());

  it('writes only JSON lines, from the start on', () => {
    const lines = logLines(server);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
    }
    expect(lines.some((line) => line.msg.startsWith('Listening on'))).toBe(true);
    expect(server.stderr()).toBe('');
  });

  it('logs a request with its id, method, path (no query string) and status', () => {
    expect(translateId).toMatch(/^[0-9a-f-]{36}$/);
    const line = logLines(server).find(
      (l) => l.reqId === translateId && l.msg === 'request completed',
    );
    expect(line).toBeDefined();
    expect(line!.level).toBe(30);
    expect(line!.req).toEqual({ id: translateId, method: 'POST', path: TRANSLATE });
    expect(line!.res).toEqual({ statusCode: 200 });
    expect(typeof line!.responseTime).toBe('number');
  });

  it("logs a caller's X-Request-Id, and client errors at warn level", async () => {
    const res = await send(TRANSLATE, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'log-422-a' },
      body: JSON.stringify({ text: TEXT, source_language: TEXT, target_language: 'spa_Latn' }),
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Zebrafish'); // the answer names the wrong code; the log must not
    await completion(server, 'log-422-a');
    const line = logLines(server).find((l) => l.reqId === 'log-422-a');
    expect(line).toMatchObject({
      level: 40,
      req: { id: 'log-422-a', method: 'POST', path: TRANSLATE },
      res: { statusCode: 422 },
    });
  });

  it('logs a refused key without the key', async () => {
    const res = await fetch(`${server.url}${LANGUAGES}?token=${QUERY_TOKEN}`, {
      headers: { authorization: `Bearer ${WRONG_KEY}`, 'x-request-id': 'log-401-a' },
    });
    expect(res.status).toBe(401);
    await completion(server, 'log-401-a');
    const line = logLines(server).find((l) => l.reqId === 'log-401-a');
    expect(line).toMatchObject({ req: { path: LANGUAGES }, res: { statusCode: 401 } });
  });

  it('logs requests the body parser refuses (malformed JSON, body over the limit) too', async () => {
    const malformed = await send(TRANSLATE, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'log-json-a' },
      body: `{"text": "${TEXT}", "source_language": `,
    });
    expect(malformed.status).toBe(422);
    const large = await send(TRANSLATE, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'log-413-a' },
      body: JSON.stringify({ text: `${TEXT} `.repeat(50_000) }),
    });
    expect(large.status).toBe(413);
    // A later request, so that both earlier lines would be written by now.
    const later = await send(LANGUAGES, { headers: { 'x-request-id': 'log-later-a' } });
    expect(later.status).toBe(200);
    await completion(server, 'log-later-a');
    const ids = logLines(server).map((l) => l.reqId);
    expect(ids).toContain('log-json-a');
    expect(ids).toContain('log-413-a');
  });

  it('never writes the text, its translation, the query token or a key', async () => {
    // Everything above has been answered and logged; give the logger a moment to flush.
    const last = await send(LANGUAGES, { headers: { 'x-request-id': 'log-last-a' } });
    expect(last.status).toBe(200);
    await completion(server, 'log-last-a');
    const output = server.stdout() + server.stderr();
    expect(translated.length).toBeGreaterThan(0);
    expect(translated).not.toBe(TEXT);
    for (const secret of [
      TEXT,
      'Zebrafish',
      'chest pain',
      translated,
      QUERY_TOKEN,
      'token=',
      API_KEY,
      WRONG_KEY,
      'authorization',
    ]) {
      expect([secret, output]).toEqual([secret, expect.not.stringContaining(secret)]);
    }
  });
});

describe('Logs of the running service when a translation server fails', () => {
  let fake: FakeLibreTranslate;
  let server: BuiltServer;
  const FIRST = 'Zebrafish-8842 shortness of breath.';
  const SECOND = 'Take 500 mg.';

  beforeAll(async () => {
    ensureBuilt();
    fake = await startFakeLibreTranslate();
    server = await startBuiltServer({
      LOG_LEVEL: 'info',
      TRANSLATION_ENGINE: 'libretranslate',
      LIBRETRANSLATE_URL: fake.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('does not log the part of the text a failing server echoes in its error', async () => {
    // Real servers quote the sentence they could not handle, not always the whole text.
    fake.set({
      reply: { status: 500, path: '/translate', body: { error: `Cannot translate: "${FIRST}"` } },
    });
    const res = await fetch(`${server.url}${TRANSLATE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'log-503-a' },
      body: JSON.stringify({
        text: `${FIRST} ${SECOND}`,
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      }),
    });
    expect(res.status).toBe(503);
    await completion(server, 'log-503-a');
    const line = logLines(server).find((l) => l.reqId === 'log-503-a' && l.res);
    expect(line).toMatchObject({ level: 50, res: { statusCode: 503 }, msg: 'request completed' });
    // One access line, without a stack of the logger's own making.
    expect(line).not.toHaveProperty('err');
    expect(logLines(server).filter((l) => l.reqId === 'log-503-a' && l.res)).toHaveLength(1);
    expect(server.stdout()).not.toContain('Zebrafish');
    expect(server.stdout()).not.toContain('shortness of breath');
  });
});

/**
 * What the specs of sessions driven by text_input share (test/session-text*.e2e-spec.ts, the
 * phrasebook's): the session server, its clients, and the typed sentences.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Message, startSessionServer, TestClient } from './ws-client.js';

export const EN = 'The patient has a fever and a headache.';

/** Whether `m` is the last message of sentence `id`: its reformulation's speech (branch B). */
export const isLast = (id: string) => (m: Message) =>
  m.sentence_id === id && m.type === 'tts_audio' && m.branch === 'B';

/**
 * The session server for the tests of the describe it is called in (`app`, its `baseUrl`), and
 * `open`: a client whose handshake was accepted, closed after its test.
 */
export function textSessions() {
  let app: NestExpressApplication;
  let url: string;
  let baseUrl: string;
  const clients: TestClient[] = [];

  const open = async (handshake: Record<string, unknown>) => {
    const client = await TestClient.open(url, handshake);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    ({ app, url, baseUrl } = await startSessionServer());
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  return { app: () => app, url: () => url, baseUrl: () => baseUrl, open };
}

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { TestClient } from './support/ws-client.js';

describe('Server shutdown with live sessions', () => {
  let server: BuiltServer;

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'warn' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('finishes the sentences in progress, delivers the archive and closes with 1001 on SIGTERM', async () => {
    const url = `${server.url.replace('http', 'ws')}/ws`;
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: 'The patient has a fever and a headache.' });
    await client.next((m) => m.type === 'asr_result');
    server.child.kill('SIGTERM');
    expect(await client.closed).toBe(1001);

    const types = client.messages.map((m) => m.type);
    expect(client.ofType('error')[0].message).toMatch(/server is shutting down/);
    expect(types).toContain('exit_acknowledged');
    // The sentence in flight got all its results, then the archive came, last.
    expect(client.ofType('tts_audio')).toHaveLength(2);
    expect(types.at(-1)).toBe('conversation_archive');
    expect(client.closeReason).toBe('server shutting down');
  }, 60_000);
});

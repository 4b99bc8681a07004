import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { TestClient } from './support/ws-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `msg` of each JSON log line the server wrote, in order. */
const logMessages = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');

describe('Server shutdown right after start-up', () => {
  let server: BuiltServer;

  beforeAll(() => ensureBuilt(), 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('ends the sessions whose handshake waits for the voice check like the others (1001)', async () => {
    // The voices checked at this start, not read from the set-up's table: the check takes seconds.
    server = await startBuiltServer({ LOG_LEVEL: 'info', TTS_VOICE_CHECK: 'start' });
    const url = `${server.url.replace('http', 'ws')}/ws`;
    // The handshake waits for espeak-ng's voice check, which runs for seconds from start-up on;
    // the sentence typed meanwhile is kept for the session.
    const client = await TestClient.connect(url);
    client.json({ type: 'handshake', language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: 'The patient has a fever and a headache.' });
    const silent = await TestClient.connect(url);
    await sleep(300);
    server.child.kill('SIGTERM');

    expect(await client.closed).toBe(1001);
    const types = client.messages.map((m) => m.type);
    expect(types[0]).toBe('HandshakeSuccess');
    expect(client.ofType('error')[0].message).toMatch(/server is shutting down/);
    expect(types).toContain('exit_acknowledged');
    expect(client.ofType('tts_audio')).toHaveLength(2);
    expect(types.at(-1)).toBe('conversation_archive');
    expect(client.closeReason).toBe('server shutting down');

    // A connection that sent no handshake is told too, rather than cut off.
    expect(await silent.closed).toBe(1001);
    expect(silent.ofType('error')[0].message).toMatch(/shutting down; connect again/);

    // What this test is about: SIGTERM came while the voice check was still running.
    await server.waitForOutput(/espeak-ng voices checked/);
    const messages = logMessages(server.stdout());
    const shutdown = messages.findIndex((m) => /^Ending 2 connection\(s\)/.test(m));
    expect(shutdown).toBeGreaterThanOrEqual(0);
    expect(shutdown).toBeLessThan(messages.indexOf('espeak-ng voices checked'));
  }, 60_000);
});

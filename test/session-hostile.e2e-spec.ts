import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from './support/wait-for.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SessionRegistry } from '../src/orchestrator/session/session-registry.js';
import { startSessionServer, TestClient } from './support/ws-client.js';

const OPEN = { language_medic: 'es', language_patient: 'en' };
const LONG =
  'The patient has had a fever and a strong headache for three days, with nausea in the morning and pain in the lower back when walking.';

describe('Hostile WebSocket clients', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startSessionServer({ WS_MAX_BUFFERED_BYTES: '1048576' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A well-behaved session beside the hostile one: it must not notice anything. */
  const bystander = async () => {
    const client = await TestClient.open(url, OPEN);
    return {
      client,
      async stillServed() {
        const before = client.ofType('tts_audio').length;
        client.json({ type: 'text_input', text: 'Take two tablets every morning.' });
        await client.count((m) => m.type === 'tts_audio', before + 2, 30_000);
        expect(client.closeCode).toBeUndefined();
        expect(client.ofType('error')).toEqual([]);
      },
    };
  };

  it('closes a session that floods control messages (1008), and no other', async () => {
    const other = await bystander();
    const flooder = await TestClient.open(url, OPEN);
    for (let i = 0; i < 500; i++) flooder.json({ type: 'set_speed', speed: 1 + (i % 3) });
    expect(await flooder.closed).toBe(1008);
    const errors = flooder.ofType('error');
    expect(errors.at(-1)?.message).toMatch(/Too many messages: at most 20 a second/);
    // The burst was served before the limit, nothing after.
    expect(flooder.ofType('speed_updated').length).toBeLessThanOrEqual(50);
    await other.stillServed();
    other.client.close();
  });

  it('answers floods of malformed and unknown messages without growing, within the limit', async () => {
    const client = await TestClient.open(url, OPEN);
    const frames = [
      '{',
      '[]',
      '{"type":"dance"}',
      '{"type":"flag"}',
      'null',
      '{"type":"text_input"}',
    ];
    for (let i = 0; i < 40; i++) client.socket.send(frames[i % frames.length]);
    await client.count((m) => m.type === 'error', 40);
    expect(client.ofType('error').every((m) => m.service === 'Session')).toBe(true);
    client.json({ type: 'set_speed', speed: 2 });
    await client.next((m) => m.type === 'speed_updated');
    client.close();
  });

  it('does not let a session name another session’s sentences', async () => {
    const owner = await TestClient.open(url, OPEN);
    owner.json({ type: 'text_input', text: 'The patient has a fever.' });
    await owner.next((m) => m.type === 'asr_result');
    const stranger = await TestClient.open(url, OPEN);
    stranger.json({ type: 'correct_speaker', sentence_id: 's1', role: 'medic' });
    stranger.json({ type: 'flag', flag_type: 'bug', sentence_id: 's1' });
    const errors = await stranger.count((m) => m.type === 'error', 2);
    expect(errors.map((m) => m.message)).toEqual(['Sentence not found', 'Sentence not found']);
    expect(owner.ofType('correction_ack')).toEqual([]);
    owner.close();
    stranger.close();
  });

  it('closes a session whose client stops reading (1008) instead of buffering without bound', async () => {
    const registry = app.get(SessionRegistry);
    const other = await bystander();
    const stalled = await TestClient.open(url, OPEN);
    stalled.socket.pause(); // reads nothing more: the server's messages pile up
    for (let i = 0; i < 80; i++) {
      stalled.json({ type: 'text_input', text: `${LONG} Sentence ${i + 1}.` });
      await new Promise((resolve) => setTimeout(resolve, 60)); // under the message rate limit
    }
    // The server gave up on it: its session is gone while the bystander's lives on.
    await waitFor(() => expect(registry.size).toBe(1), { timeout: 60_000, interval: 200 });
    await other.stillServed();
    // Its close frame (1008) sat behind what it never read: the connection was then dropped.
    stalled.socket.resume();
    expect([1006, 1008]).toContain(await stalled.closed);
    other.client.close();
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from './support/wait-for.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import WebSocket from 'ws';
import { SessionRegistry } from '../src/orchestrator/session/session-registry.js';
import { parsePrometheusText, sampleValue } from './support/prometheus-text.js';
import { startSessionServer, TestClient } from './support/ws-client.js';

/** Sends `frame` as the first text frame and returns the rejection and the close code. */
async function rejection(url: string, frame: string) {
  const client = await TestClient.connect(url);
  client.socket.send(frame);
  const error = await client.next((m) => m.type === 'error');
  const code = await client.closed;
  return { error, code };
}

describe('WebSocket handshake (decisions §5.1)', () => {
  let app: NestExpressApplication;
  let url: string;
  let baseUrl: string;

  beforeAll(async () => {
    ({ app, url, baseUrl } = await startSessionServer({
      HANDSHAKE_TIMEOUT_MS: '600',
      WS_PING_INTERVAL_MS: '1000',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  /** orchestrator_handshake_rejections_total{reason}, as GET /metrics reports it. */
  const counted = async (reason: string) => {
    const response = await request(baseUrl).get('/metrics').expect(200);
    const families = parsePrometheusText(response.text);
    return sampleValue(families, 'orchestrator_handshake_rejections_total', { reason }) ?? NaN;
  };

  it('GET /languages lists the sorted BCP-47 locales a session can use', async () => {
    const response = await request(baseUrl).get('/languages').expect(200);
    const locales = response.body as string[];
    expect(locales).toEqual([...locales].sort());
    expect(locales).toEqual(expect.arrayContaining(['en-US', 'es-ES', 'fr-FR', 'pt-BR', 'it-IT']));
    expect(locales.every((l) => /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$/.test(l))).toBe(true);
  });

  it.each([
    ['fr', 'fr-FR'],
    ['fra', 'fr-FR'],
    ['fr-FR', 'fr-FR'],
    ['fra_Latn', 'fr-FR'],
    ['FR', 'fr-FR'],
    ['en', 'en-US'],
    ['eng', 'en-US'],
    ['eng_Latn', 'en-US'],
  ])('accepts %s and echoes it as %s', async (input, locale) => {
    const client = await TestClient.open(url, {
      language_medic: input,
      language_patient: 'es',
      speed: 1.5,
    });
    const success = client.messages[0];
    expect(success).toMatchObject({
      type: 'HandshakeSuccess',
      medic_lang: locale,
      patient_lang: 'es-ES',
      speed: 1.5,
      enable_dual_direction: false,
      sample_rate: 16000,
      audio_format: 'pcm_s16le',
    });
    expect(success.session_id).toMatch(/^[0-9a-f-]{36}$/);
    client.close();
    await client.closed;
  });

  it('takes the handshake without a type, with every optional field', async () => {
    const client = await TestClient.connect(url);
    client.json({
      language_medic: 'en-US',
      language_patient: 'pt',
      speed: 0.25,
      enable_dual_direction: true,
      sample_rate: 48000,
      patient_gender: 'female',
      patient_age_category: 'senior',
    });
    const success = await client.next(() => true);
    expect(success).toMatchObject({
      type: 'HandshakeSuccess',
      medic_lang: 'en-US',
      patient_lang: 'pt-BR',
      speed: 0.25,
      enable_dual_direction: true,
      sample_rate: 48000,
    });
    client.close();
  });

  it('warns when the recognizer cannot hear a party', async () => {
    const client = await TestClient.open(url, { language_medic: 'fr', language_patient: 'en' });
    const warnings = client.messages[0].warnings as string[];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('fr-FR');
    expect(warnings[0]).toContain('text_input');
    client.close();
  });

  it.each([
    [
      'missing_fields',
      JSON.stringify({ type: 'handshake', language_medic: 'fr' }),
      /language_patient/,
    ],
    ['missing_fields', JSON.stringify({}), /language_medic and language_patient/],
    ['invalid_json', '{"language_medic": "fr",', /not valid JSON/],
    ['invalid_json', '["fr", "en"]', /JSON object/],
    [
      'unsupported_language',
      JSON.stringify({ language_medic: 'xx-YY', language_patient: 'en' }),
      /language_medic/,
    ],
    [
      'unsupported_language',
      JSON.stringify({ language_medic: 'fr', language_patient: 'zul' }),
      /Zulu.*GET \/languages/,
    ],
    [
      'invalid_fields',
      JSON.stringify({ language_medic: 'fr', language_patient: 'en', speed: 9 }),
      /speed must be a number from 0.25 to 4/,
    ],
    [
      'invalid_fields',
      JSON.stringify({ language_medic: 'fr', language_patient: 'en', sample_rate: 11025 }),
      /sample_rate must be one of/,
    ],
    [
      'invalid_fields',
      JSON.stringify({ language_medic: 42, language_patient: 'en' }),
      /language_medic must be a string/,
    ],
    [
      'invalid_fields',
      JSON.stringify({ language_medic: 'fr', language_patient: 'en', patient_gender: 'x' }),
      /patient_gender/,
    ],
    [
      'invalid_fields',
      JSON.stringify({ language_medic: 'fr', language_patient: 'en', languge: 'x' }),
      /unknown field "languge"/,
    ],
  ])('rejects with %s (close 1008): %s', async (reason, frame, message) => {
    const before = await counted(reason);
    const { error, code } = await rejection(url, frame);
    expect(error).toMatchObject({ type: 'error', service: 'Handshake', reason });
    expect(error.message).toMatch(message);
    expect(code).toBe(1008);
    expect(await counted(reason)).toBe(before + 1);
  });

  it('rejects a client that sends no handshake in time (timeout)', async () => {
    const before = await counted('timeout');
    const client = await TestClient.connect(url);
    const error = await client.next((m) => m.type === 'error');
    expect(error).toMatchObject({ service: 'Handshake', reason: 'timeout' });
    expect(await client.closed).toBe(1008);
    expect(await counted('timeout')).toBe(before + 1);
  });

  it('answers audio before the handshake with an error, then still takes the handshake', async () => {
    const client = await TestClient.connect(url);
    client.socket.send(Buffer.alloc(640));
    const error = await client.next((m) => m.type === 'error');
    expect(error).toMatchObject({ service: 'Session' });
    expect(error.message).toMatch(/before the handshake/);
    client.json({ language_medic: 'es', language_patient: 'en' });
    await client.next((m) => m.type === 'HandshakeSuccess');
    client.close();
  });

  it('frees the session when the client disconnects abruptly', async () => {
    const registry = app.get(SessionRegistry);
    await waitFor(() => expect(registry.occupancy).toBe(0));
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    expect(registry.size).toBe(1);
    client.socket.terminate();
    await waitFor(() => expect(registry.size).toBe(0));
  });

  it('keeps a connection that answers the server’s pings, and drops a half-open one', async () => {
    const registry = app.get(SessionRegistry);
    await waitFor(() => expect(registry.occupancy).toBe(0));
    const alive = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    const silent = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    expect(registry.size).toBe(2);
    // The silent client stops reading: it never sees the pings, as if the network had gone.
    silent.socket.pause();
    await waitFor(() => expect(registry.size).toBe(1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(registry.size).toBe(1);
    expect(alive.closeCode).toBeUndefined();
    alive.close();
    silent.socket.terminate();
  });

  it('refuses connections to other paths', async () => {
    const socket = new WebSocket(url.replace('/ws', '/other'));
    await expect(
      new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      }),
    ).rejects.toThrow();
  });
});

describe('WebSocket limits and authentication', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startSessionServer({
      API_KEYS: 'key-one,key-two',
      SESSION_MAX_LIVE: '1',
      WS_MAX_MESSAGE_BYTES: '16384',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const upgradeStatus = (target: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(target, { headers });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('error', reject);
    });

  it('answers 401 to an upgrade without a valid key, before any session exists', async () => {
    expect(await upgradeStatus(url)).toBe(401);
    expect(await upgradeStatus(url, { Authorization: 'Bearer wrong' })).toBe(401);
    expect(await upgradeStatus(`${url}?token=wrong`)).toBe(401);
    expect(app.get(SessionRegistry).occupancy).toBe(0);
  });

  it('accepts the key as a bearer header or ?token=', async () => {
    expect(await upgradeStatus(url, { Authorization: 'Bearer key-two' })).toBe(101);
    expect(await upgradeStatus(`${url}?token=key-one`)).toBe(101);
  });

  it('refuses a session over SESSION_MAX_LIVE with 1013, and takes one again once freed', async () => {
    const auth = { Authorization: 'Bearer key-one' };
    const first = await TestClient.connect(url, auth);
    first.json({ language_medic: 'es', language_patient: 'en' });
    await first.next((m) => m.type === 'HandshakeSuccess');
    const second = await TestClient.connect(url, auth);
    const error = await second.next((m) => m.type === 'error');
    expect(error.message).toMatch(/limit of 1 live sessions.*SESSION_MAX_LIVE/);
    expect(await second.closed).toBe(1013);
    first.close();
    await first.closed;
    await waitFor(() => expect(app.get(SessionRegistry).occupancy).toBe(0));
    const third = await TestClient.connect(url, auth);
    third.json({ language_medic: 'es', language_patient: 'en' });
    await third.next((m) => m.type === 'HandshakeSuccess');
    third.close();
    await third.closed;
  });

  it('closes with 1009 a message over WS_MAX_MESSAGE_BYTES', async () => {
    await waitFor(() => expect(app.get(SessionRegistry).occupancy).toBe(0));
    const client = await TestClient.connect(url, { Authorization: 'Bearer key-one' });
    client.json({ language_medic: 'es', language_patient: 'en' });
    await client.next((m) => m.type === 'HandshakeSuccess');
    client.socket.send(Buffer.alloc(20_000));
    expect(await client.closed).toBe(1009);
    await waitFor(() => expect(app.get(SessionRegistry).size).toBe(0));
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from './support/wait-for.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { dialogue, streamPcm } from './support/dialogue.js';
import { type Family, parsePrometheusText, sampleValue } from './support/prometheus-text.js';
import { startSessionServer, TestClient } from './support/ws-client.js';

/** Every metric of decisions.md §6 with its type and labels. */
const DECIDED: [string, Family['type'], string[]][] = [
  ['orchestrator_session_sentences_processed', 'histogram', []],
  ['orchestrator_session_sentences_empty', 'histogram', []],
  ['orchestrator_session_sentences_errored', 'histogram', []],
  ['orchestrator_session_sentences_flagged', 'histogram', []],
  ['orchestrator_session_peak_concurrent_pipelines', 'histogram', []],
  ['orchestrator_session_warnings', 'histogram', []],
  ['orchestrator_session_errors', 'histogram', []],
  ['orchestrator_sentences_total', 'counter', ['outcome']],
  ['orchestrator_pipeline_latency_seconds', 'histogram', ['branch']],
  ['orchestrator_tts_latency_milliseconds', 'histogram', []],
  ['orchestrator_tts_output_bytes', 'histogram', []],
  ['orchestrator_tts_errors_total', 'counter', ['type']],
  ['orchestrator_reformulation_latency_seconds', 'histogram', []],
  ['orchestrator_reformulation_errors_total', 'counter', ['type']],
  ['orchestrator_back_translation_total', 'counter', ['result']],
  ['orchestrator_branch_completed_total', 'counter', ['branch']],
  ['orchestrator_branch_errors_total', 'counter', ['branch']],
  ['orchestrator_branch_c_skipped_total', 'counter', ['reason']],
  ['orchestrator_ws_connections_total', 'counter', []],
  ['orchestrator_ws_disconnections_total', 'counter', []],
  ['orchestrator_session_duration_seconds', 'histogram', []],
  ['orchestrator_session_audio_bytes', 'histogram', []],
  ['orchestrator_handshake_rejections_total', 'counter', ['reason']],
  ['orchestrator_ws_close_total', 'counter', ['kind']],
  ['orchestrator_health_check_failures_total', 'counter', ['service']],
];

/** A hum the VAD takes for speech and the recognizer for no words: an empty sentence. */
function hum(): Int16Array {
  const samples = new Int16Array(16000 * 3.5);
  for (let i = 8000; i < 40000; i++) {
    samples[i] = Math.round(
      8000 * Math.sin((2 * Math.PI * 150 * i) / 16000) * (1 + Math.sin(i / 900)),
    );
  }
  return samples;
}

describe('GET /metrics after a scripted session', () => {
  let app: NestExpressApplication;
  let url: string;
  let baseUrl: string;

  beforeAll(async () => {
    ({ app, url, baseUrl } = await startSessionServer({ API_KEYS: 'metrics-test-key' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const scrape = async () => {
    const response = await request(baseUrl).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(response.text);
  };
  const auth = { Authorization: 'Bearer metrics-test-key' };

  it('exports every metric of decisions §6, open to scrapers, in the exposition format', async () => {
    const families = await scrape();
    for (const [name, type] of DECIDED) {
      expect({ name, type: families.get(name)?.type }).toEqual({ name, type });
    }
    // The default process metrics too.
    expect(families.get('process_cpu_seconds_total')?.type).toBe('counter');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
  });

  it('counts what a session did, with fixed label values only', async () => {
    const before = await scrape();
    const delta = async (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(await scrape(), name, labels) ?? NaN) - (sampleValue(before, name, labels) ?? 0);

    // A handshake rejection.
    const rejected = await TestClient.connect(url, auth);
    rejected.json({ language_medic: 'fr' });
    expect(await rejected.closed).toBe(1008);

    // A session: two typed sentences, one spoken, one empty, a flag, a branch C skip, exit.
    const client = await TestClient.connect(url, auth);
    client.json({ language_medic: 'es', language_patient: 'en' });
    await client.next((m) => m.type === 'HandshakeSuccess');
    client.json({ type: 'text_input', text: 'The patient has a fever and a headache.' });
    // Not a fixed phrase (issue 31): a machine translation, back-translated.
    client.json({
      type: 'text_input',
      text: 'Tome dos comprimidos cada mañana con un vaso de agua.',
    });
    await client.count((m) => m.type === 'tts_audio' && m.branch === 'B', 2);
    await streamPcm(client, dialogue(['02-two-tablets.wav']).samples, 16000, { speedup: Infinity });
    await streamPcm(client, hum(), 16000, { speedup: Infinity });
    await client.next((m) => m.type === 'sentence_empty');
    await client.count((m) => m.type === 'tts_audio' && m.branch === 'B', 3);
    client.json({ type: 'flag', flag_type: 'mistranslation', sentence_id: 's1' });
    client.json({ type: 'flag', flag_type: 'bug' });
    client.json({ type: 'correct_speaker', sentence_id: 's1', role: 'medic' });
    client.json({ type: 'trigger_branch_c', sentence_id: 's2' });
    await client.next((m) => m.type === 'branch_c_result');
    client.json({ type: 'conversation_exit' });
    expect(await client.closed).toBe(1000);
    const empties = client.ofType('sentence_empty').length;
    expect(empties).toBe(1);

    await waitFor(async () =>
      expect(await delta('orchestrator_session_duration_seconds_count')).toBe(1),
    );
    expect(
      await delta('orchestrator_handshake_rejections_total', { reason: 'missing_fields' }),
    ).toBe(1);
    expect(await delta('orchestrator_handshake_rejections_total', { reason: 'timeout' })).toBe(0);
    expect(await delta('orchestrator_ws_connections_total')).toBe(2);
    expect(await delta('orchestrator_ws_disconnections_total')).toBe(2);
    expect(await delta('orchestrator_ws_close_total', { kind: 'normal' })).toBe(1);
    expect(await delta('orchestrator_ws_close_total', { kind: 'abnormal' })).toBe(1);
    expect(await delta('orchestrator_sentences_total', { outcome: 'processed' })).toBe(3);
    expect(await delta('orchestrator_sentences_total', { outcome: 'empty' })).toBe(1);
    expect(await delta('orchestrator_sentences_total', { outcome: 'errored' })).toBe(0);
    // A and B for 3 sentences, again for the corrected one; C once.
    expect(await delta('orchestrator_branch_completed_total', { branch: 'A' })).toBe(4);
    expect(await delta('orchestrator_branch_completed_total', { branch: 'B' })).toBe(4);
    expect(await delta('orchestrator_branch_completed_total', { branch: 'C' })).toBe(1);
    expect(await delta('orchestrator_pipeline_latency_seconds_count', { branch: 'A' })).toBe(4);
    // Back-translated: the 3 sentences, not the correction's revision: s1's English, now the
    // medic's, is for the English-speaking patient as it is (no translation to check).
    expect(await delta('orchestrator_back_translation_total', { result: 'success' })).toBe(3);
    expect(await delta('orchestrator_tts_output_bytes_count')).toBeGreaterThanOrEqual(4);
    expect(await delta('orchestrator_tts_latency_milliseconds_count')).toBeGreaterThanOrEqual(4);
    expect(await delta('orchestrator_reformulation_latency_seconds_count')).toBe(4);
    expect(await delta('orchestrator_session_sentences_processed_sum')).toBe(3);
    expect(await delta('orchestrator_session_sentences_empty_sum')).toBe(1);
    expect(await delta('orchestrator_session_sentences_flagged_sum')).toBe(1);
    expect(await delta('orchestrator_session_errors_sum')).toBe(0);
    expect(await delta('orchestrator_session_audio_bytes_sum')).toBeGreaterThan(100_000);
    expect(
      await delta('orchestrator_branch_c_skipped_total', { reason: 'unknown_speaker_role' }),
    ).toBe(0);

    // A same-language session: branch C skipped for the unknown speaker.
    const same = await TestClient.connect(url, auth);
    same.json({ language_medic: 'en', language_patient: 'en', enable_dual_direction: true });
    await same.next((m) => m.type === 'HandshakeSuccess');
    same.json({ type: 'text_input', text: 'Take two tablets every morning.' });
    await same.next((m) => m.type === 'branch_c_skipped');
    same.json({ type: 'conversation_exit', archive: false });
    await same.closed;
    expect(
      await delta('orchestrator_branch_c_skipped_total', { reason: 'unknown_speaker_role' }),
    ).toBe(1);

    // No label value comes from the conversation.
    const text = (await request(baseUrl).get('/metrics')).text;
    for (const said of [
      'fever',
      'comprimidos',
      'tablets',
      client.messages[0].session_id as string,
    ]) {
      expect(text).not.toContain(said);
    }
    for (const family of (await scrape()).values()) {
      if (!family.name.startsWith('orchestrator_')) continue;
      const allowed = DECIDED.find(([name]) => name === family.name)![2];
      for (const sample of family.samples) {
        const keys = Object.keys(sample.labels).filter((key) => key !== 'le');
        const unexpected = keys.filter((key) => !allowed.includes(key));
        expect({ sample: sample.name, unexpected }).toEqual({
          sample: sample.name,
          unexpected: [],
        });
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from './support/wait-for.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import JSZip from 'jszip';
import { decodeWav } from '../src/audio/wav-decoder.js';
import { SessionRegistry } from '../src/orchestrator/session/session-registry.js';
import { dialogue, streamPcm } from './support/dialogue.js';
import { startSessionServer, TestClient } from './support/ws-client.js';

describe('Ending a session', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startSessionServer({ SESSION_IDLE_TIMEOUT_MS: '1500' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('drains, delivers the archive and closes with 1000 on conversation_exit', async () => {
    const { samples } = dialogue(['01-fever-headache.wav']);
    const client = await TestClient.open(url, {
      language_medic: 'es',
      language_patient: 'en',
      patient_gender: 'female',
      patient_age_category: 'senior',
    });
    await streamPcm(client, samples, 16000, { speedup: Infinity });
    client.json({ type: 'text_input', text: 'El paciente debe tomar 2 comprimidos cada 8 horas.' });
    client.json({ type: 'flag', flag_type: 'other', note: 'conversation-level note' });
    // Sent at once: the pipelines are still running when the exit arrives.
    client.json({ type: 'conversation_exit' });
    expect(await client.closed).toBe(1000);

    const types = client.messages.map((m) => m.type);
    const ack = types.indexOf('exit_acknowledged');
    expect(ack).toBeGreaterThan(0);
    expect(types.at(-1)).toBe('conversation_archive');
    // Every sentence's results arrived before the close, the archive last.
    expect(client.ofType('tts_audio').length).toBe(4);
    expect(client.ofType('error')).toEqual([]);

    const archive = client.ofType('conversation_archive')[0];
    expect(archive.filename).toMatch(/^conversation-\d{8}T\d{6}Z-[0-9a-f]{8}\.zip$/);
    const bytes = Buffer.from(archive.content_base64 as string, 'base64');
    expect(bytes.length).toBe(archive.size_bytes);
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(expect.arrayContaining(['conversation.json', 'transcript.txt']));

    const conversation = JSON.parse(await zip.file('conversation.json')!.async('string'));
    expect(conversation.languages.medic.locale).toBe('es-ES');
    expect(conversation.languages.patient).toMatchObject({
      locale: 'en-US',
      gender: 'female',
      age_category: 'senior',
    });
    expect(conversation.sentences).toHaveLength(2);
    // Ids follow the order of input: the speech, sent first, is s1 even though the typed sentence
    // arrived before its closing silence had gone through the VAD.
    type Entry = { sentence_id: string; source: string; translations: { text: string }[] };
    const spoken = conversation.sentences.find((s: Entry) => s.source === 'audio');
    const typed = conversation.sentences.find((s: Entry) => s.source === 'text');
    expect([spoken.sentence_id, typed.sentence_id]).toEqual(['s1', 's2']);
    expect(spoken).toMatchObject({ role: 'patient', language: 'en-US' });
    expect(typed).toMatchObject({ role: 'medic', language: 'es-ES' });
    expect(typed.translations[0].text).toContain('2');
    expect(conversation.flags).toHaveLength(1);
    expect(conversation.metrics).toMatchObject({
      sentences_processed: 2,
      sentences_empty: 0,
      sentences_errored: 0,
      sentences_flagged: 0,
      errors: 0,
    });
    expect(conversation.metrics.peak_concurrent_pipelines).toBeGreaterThanOrEqual(1);
    // Every audio file listed is in the archive and is a WAV; and only those.
    const listed = conversation.sentences.flatMap((s: { audio: string[] }) => s.audio).sort();
    expect(listed).toEqual(names.filter((n) => n.startsWith('audio/')));
    // One input, then A and B of each sentence: an unchanged B shares A's file.
    type Speech = { branch: string; path: string };
    const speechPaths = conversation.sentences.flatMap((s: { speech: Speech[] }) =>
      s.speech.map((speech) => speech.path),
    );
    expect(speechPaths).toHaveLength(4);
    expect(new Set([...speechPaths, `audio/${spoken.sentence_id}-input.wav`])).toEqual(
      new Set(listed),
    );
    for (const name of listed) {
      const wav = decodeWav(await zip.file(name)!.async('uint8array'));
      expect(wav.samples.length).toBeGreaterThan(0);
    }
    expect(names).toContain(`audio/${spoken.sentence_id}-input.wav`);
    const input = decodeWav(
      await zip.file(`audio/${spoken.sentence_id}-input.wav`)!.async('uint8array'),
    );
    expect(input.sampleRate).toBe(16000);
    expect(input.samples.length / 16000).toBeGreaterThan(2);

    const transcript = await zip.file('transcript.txt')!.async('string');
    expect(transcript).toContain(String(client.ofType('asr_result', spoken.sentence_id)[0].text));
    expect(transcript).toContain(typed.translations[0].text);
    expect(transcript).toContain('conversation-level note');

    await waitFor(() => expect(app.get(SessionRegistry).size).toBe(0));
  });

  it('closes with 1000 and no archive when asked', async () => {
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: 'The blood pressure is normal today.' });
    client.json({ type: 'conversation_exit', archive: false });
    expect(await client.closed).toBe(1000);
    expect(client.ofType('exit_acknowledged')[0]).toMatchObject({ archive: false });
    expect(client.ofType('tts_audio')).toHaveLength(2);
    expect(client.ofType('conversation_archive')).toEqual([]);
  });

  it('refuses messages after conversation_exit without closing early', async () => {
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: 'The blood pressure is normal today.' });
    client.json({ type: 'conversation_exit', archive: false });
    client.json({ type: 'set_speed', speed: 2 });
    expect(await client.closed).toBe(1000);
    const errors = client.ofType('error');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/session is ending/);
    expect(client.ofType('speed_updated')).toEqual([]);
  });

  it('sends exit_acknowledged before refusing what follows conversation_exit', async () => {
    const { samples } = dialogue(['01-fever-headache.wav']);
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    // Audio still going through the VAD when the exit arrives: the acknowledgement waits for it.
    await streamPcm(client, samples, 16000, { speedup: Infinity });
    client.json({ type: 'conversation_exit', archive: false });
    client.json({ type: 'set_speed', speed: 2 });
    client.socket.send(Buffer.alloc(640));
    client.socket.send('not json');
    expect(await client.closed).toBe(1000);
    const ack = client.messages.findIndex((m) => m.type === 'exit_acknowledged');
    const refusals = client.messages.flatMap((m, index) => (m.type === 'error' ? [index] : []));
    expect(client.ofType('error').map((m) => m.message)).toEqual([
      'The session is ending: no more messages are taken.',
      'Audio after conversation_exit is ignored; the session is ending.',
      'A text frame must be a JSON object; this one is not valid JSON.',
    ]);
    expect(ack).toBeGreaterThan(0);
    expect(Math.min(...refusals)).toBeGreaterThan(ack);
  });

  it('ends an idle session as a conversation_exit without archive', async () => {
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    expect(await client.closed).toBe(1000);
    expect(client.messages.map((m) => m.type)).toEqual([
      'HandshakeSuccess',
      'error',
      'exit_acknowledged',
    ]);
    expect(client.ofType('error')[0].message).toMatch(
      /without audio or messages.*SESSION_IDLE_TIMEOUT_MS/,
    );
  });

  it('frees everything a session held on an abrupt disconnect mid-sentence', async () => {
    const { samples } = dialogue(['03-allergies.wav']);
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    await streamPcm(client, samples, 16000, { speedup: Infinity });
    await client.next((m) => m.type === 'asr_result');
    client.socket.terminate();
    await waitFor(() => expect(app.get(SessionRegistry).occupancy).toBe(0));
    // The server goes on serving.
    const next = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    next.json({ type: 'text_input', text: 'Take two tablets every morning.' });
    await next.next((m) => m.type === 'tts_audio');
    next.close();
  });
});

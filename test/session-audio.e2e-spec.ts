import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { resample } from '../src/audio/resampler.js';
import { decodeWav } from '../src/audio/wav-decoder.js';
import { floatToInt16, int16ToFloat } from '../src/audio/wav-encoder.js';
import { dialogue, streamPcm } from './support/dialogue.js';
import { type Message, startSessionServer, TestClient } from './support/ws-client.js';

const TWO_SENTENCES = ['01-fever-headache.wav', '03-allergies.wav'];
/** Three spoken sentences, 1 s apart; the file ends 500 ms after the third, short of 640 ms. */
const PAUSES = join(import.meta.dirname, 'fixtures/audio/pauses.wav');
const idNumber = (message: Message) => Number(String(message.sentence_id).slice(1));
const words = (text: unknown) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(' ');

describe('Sessions driven by speech', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startSessionServer());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('recognizes two spoken sentences in 20 ms chunks and translates and speaks each', async () => {
    const { samples, sentences } = dialogue(TWO_SENTENCES);
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    await streamPcm(client, samples, 16000, { chunkMs: 20, speedup: 4 });
    await client.count((m) => m.type === 'tts_audio' && m.branch === 'B', 2);

    const asr = client.ofType('asr_result');
    expect(asr.map((m) => m.sentence_id)).toEqual(['s1', 's2']);
    asr.forEach((message, index) => {
      const expected = sentences[index];
      expect(message).toMatchObject({ language: 'en-US', role: 'patient', source: 'audio' });
      // The recognizer's confidence comes with the text (a posterior: 0 to 1).
      expect(message.confidence).toBeGreaterThan(0);
      expect(message.confidence).toBeLessThanOrEqual(1);
      expect(typeof message.low_confidence).toBe('boolean');
      // Recognition is close to the fixture text (pocketsphinx on festival's voice).
      const heard = words(message.text);
      const said = words(expected.text);
      const common = said.filter((w) => heard.includes(w)).length;
      expect(common / said.length).toBeGreaterThan(0.6);
      // Speech boundaries within 150 ms of the fixture's.
      expect(Math.abs((message.start_ms as number) - expected.speechStartMs)).toBeLessThan(150);
      expect(Math.abs((message.end_ms as number) - expected.speechEndMs)).toBeLessThan(150);
    });
    expect(asr[0].end_ms as number).toBeLessThan(asr[1].start_ms as number);

    for (const id of ['s1', 's2']) {
      const [a] = client.ofType('translation_result', id);
      expect(a).toMatchObject({ source_language: 'en-US', target_language: 'es-ES', revision: 1 });
      expect(String(a.text).length).toBeGreaterThan(10);
      const [b] = client.ofType('reformulation_result', id);
      expect(b).toMatchObject({ language: 'es-ES' });
      const tts = client.ofType('tts_audio', id);
      expect(tts.map((m) => m.branch)).toEqual(['A', 'B']);
      for (const message of tts) {
        const wav = decodeWav(Buffer.from(message.audio_base64 as string, 'base64'));
        expect(wav.sampleRate).toBe(message.sample_rate);
        expect(wav.samples.length).toBeGreaterThan(wav.sampleRate / 2);
      }
    }
    expect(client.ofType('error')).toEqual([]);
    client.close();
  });

  it('takes 48 kHz audio, resampled on the fly, with the same boundaries', async () => {
    const { samples, sentences } = dialogue(['02-two-tablets.wav']);
    const at48k = floatToInt16(await resample(int16ToFloat(samples), 16000, 48000));
    const client = await TestClient.open(url, {
      language_medic: 'es',
      language_patient: 'en',
      sample_rate: 48000,
    });
    // Odd-sized frames: samples split across frames must be put back together.
    const bytes = Buffer.from(at48k.buffer, at48k.byteOffset, at48k.byteLength);
    for (let i = 0; i < bytes.length; i += 1001) client.socket.send(bytes.subarray(i, i + 1001));
    const asr = await client.next((m) => m.type === 'asr_result');
    expect(words(asr.text)).toEqual(expect.arrayContaining(['two', 'tablets', 'morning']));
    expect(Math.abs((asr.start_ms as number) - sentences[0].speechStartMs)).toBeLessThan(150);
    expect(Math.abs((asr.end_ms as number) - sentences[0].speechEndMs)).toBeLessThan(150);
    client.close();
  });

  it('never answers a hum with an error (nothing, or sentence_empty)', async () => {
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    const tone = new Int16Array(16000 * 2);
    for (let i = 0; i < tone.length; i++) {
      tone[i] = Math.round(
        8000 * Math.sin((2 * Math.PI * 150 * i) / 16000) * (1 + Math.sin(i / 900)),
      );
    }
    await streamPcm(client, tone, 16000, { speedup: Infinity });
    client.json({ type: 'conversation_exit', archive: false });
    await client.closed;
    expect(client.ofType('error')).toEqual([]);
    for (const empty of client.ofType('sentence_empty'))
      expect(empty.sentence_id).toMatch(/^s\d+$/);
  });

  it('numbers a spoken sentence still in its closing silence before the typed ones that follow it', async () => {
    const pauses = decodeWav(readFileSync(PAUSES));
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    // All at once: the typed sentences arrive while the audio is still going through the VAD,
    // and the third spoken sentence is still inside its 640 ms of closing silence.
    await streamPcm(client, floatToInt16(pauses.samples), 16000, { speedup: Infinity });
    client.json({ type: 'text_input', text: '¿Le duele el pecho al respirar?' });
    client.json({ type: 'text_input', text: '¿Desde cuándo tiene usted fiebre?' });
    client.json({ type: 'conversation_exit', archive: false });
    expect(await client.closed).toBe(1000);

    const asr = client.ofType('asr_result').sort((a, b) => idNumber(a) - idNumber(b));
    expect(asr.map((m) => [m.sentence_id, m.source])).toEqual([
      ['s1', 'audio'],
      ['s2', 'audio'],
      ['s3', 'audio'],
      ['s4', 'text'],
      ['s5', 'text'],
    ]);
    expect(String(asr[2].text)).toMatch(/breathe|breath|slowly/);
    expect(asr[2].start_ms as number).toBeGreaterThan(asr[1].end_ms as number);
    expect(client.ofType('exit_acknowledged')[0]).toMatchObject({ pending_sentences: 5 });
    expect(client.ofType('error')).toEqual([]);
  });

  it('closes a spoken sentence in its closing silence when a typed one arrives, without exit', async () => {
    const pauses = decodeWav(readFileSync(PAUSES));
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    await streamPcm(client, floatToInt16(pauses.samples), 16000, { speedup: Infinity });
    client.json({ type: 'text_input', text: '¿Le duele el pecho al respirar?' });
    await client.count((m) => m.type === 'asr_result', 4, 30_000);
    const asr = client.ofType('asr_result').sort((a, b) => idNumber(a) - idNumber(b));
    expect(asr.map((m) => m.source)).toEqual(['audio', 'audio', 'audio', 'text']);
    client.close();
  });

  it('recognizes the speech still held when the client exits mid-sentence', async () => {
    const { samples } = dialogue(['04-blood-pressure.wav']);
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    // Up to the end of the speech, without the trailing silence that would end the sentence.
    await streamPcm(client, samples.subarray(0, 8000 + 2300 * 16), 16000, { speedup: Infinity });
    client.json({ type: 'conversation_exit', archive: false });
    await client.closed;
    expect(client.ofType('exit_acknowledged')[0]).toMatchObject({ pending_sentences: 1 });
    const asr = client.ofType('asr_result');
    expect(asr).toHaveLength(1);
    expect(words(asr[0].text)).toEqual(expect.arrayContaining(['blood', 'pressure']));
    expect(client.ofType('tts_audio').length).toBe(2);
    expect(client.closeCode).toBe(1000);
  });
});

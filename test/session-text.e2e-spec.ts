import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import JSZip from 'jszip';
import { decodeWav } from '../src/audio/wav-decoder.js';
import type { ApertiumEngine } from '../src/translation/engines/apertium/apertium.engine.js';
import { TRANSLATION_ENGINE } from '../src/translation/engines/translation-engine.js';
import { type Message, startSessionServer, TestClient } from './support/ws-client.js';

const EN = 'The patient has a fever and a headache.';
const ES = 'El paciente tiene fiebre y dolor de cabeza desde ayer.';
const FR = 'Le patient a de la fièvre et mal à la tête depuis hier.';

/** Types of one sentence's messages, in the order they arrived. */
const sequence = (client: TestClient, id: string) =>
  client.messages.filter((m) => m.sentence_id === id).map((m) => `${m.type}${m.branch ?? ''}`);

const isLast = (id: string) => (m: Message) =>
  m.sentence_id === id && m.type === 'tts_audio' && m.branch === 'B';

describe('Sessions driven by text_input', () => {
  let app: NestExpressApplication;
  let url: string;
  const clients: TestClient[] = [];

  const open = async (handshake: Record<string, unknown>) => {
    const client = await TestClient.open(url, handshake);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    ({ app, url } = await startSessionServer());
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  // First: no other test of this app has used Italian or French yet.
  it("starts the translation pipelines of the session's languages at its handshake", async () => {
    const apertium = app.get<ApertiumEngine>(TRANSLATION_ENGINE);
    const pair = ['es-fr', 'fr-es', 'ita-spa', 'spa-ita'];
    expect(apertium.startedModes()).toEqual([]); // none at start
    await open({ language_medic: 'it', language_patient: 'fr' });
    // Italian ↔ French through the Spanish pivot, both ways, before any sentence.
    expect(apertium.startedModes()).toEqual(pair);
  });

  it.each([
    ['en', EN, { language_medic: 'es', language_patient: 'en' }, 'patient', 'en-US', 'es-ES'],
    ['es', ES, { language_medic: 'es', language_patient: 'en' }, 'medic', 'es-ES', 'en-US'],
    ['fr', FR, { language_medic: 'fr', language_patient: 'es' }, 'medic', 'fr-FR', 'es-ES'],
  ])(
    'runs the whole pipeline on %s text, results in pipeline order',
    async (_language, text, handshake, role, source, target) => {
      const client = await open(handshake);
      client.json({ type: 'text_input', text });
      await client.next(isLast('s1'));
      expect(sequence(client, 's1')).toEqual([
        'asr_result',
        'translation_resultA',
        'tts_audioA',
        'reformulation_resultB',
        'tts_audioB',
      ]);
      const [asr] = client.ofType('asr_result', 's1');
      expect(asr).toMatchObject({ text, language: source, role, source: 'text' });
      expect(asr.start_ms).toBeNull();
      // Typed text has no recognizer's confidence, and is never doubted.
      expect([asr.confidence, asr.low_confidence]).toEqual([null, false]);
      const [a] = client.ofType('translation_result', 's1');
      expect(a).toMatchObject({ branch: 'A', source_language: source, target_language: target });
      expect(a.revision).toBe(1);
      expect(typeof a.text).toBe('string');
      expect(a.text).not.toBe(text);
      expect(typeof a.back_translation).toBe('string');
      expect(a.fidelity).toBeGreaterThan(0.3);
      expect(a.fidelity).toBeLessThanOrEqual(1);
      const [b] = client.ofType('reformulation_result', 's1');
      expect(b).toMatchObject({ branch: 'B', language: target, revision: 1 });
      for (const tts of client.ofType('tts_audio', 's1')) {
        expect(tts).toMatchObject({ language: target, speed: 1, format: 'wav' });
        const wav = decodeWav(Buffer.from(tts.audio_base64 as string, 'base64'));
        expect(wav.sampleRate).toBe(tts.sample_rate);
        expect(wav.samples.length / wav.sampleRate).toBeGreaterThan(1);
      }
      expect(client.ofType('error')).toEqual([]);
    },
  );

  it.each([
    // A fixed phrase (issue 31) since the phrasebook holds the question; it agrees as well.
    ['female', '¿Es usted alérgica a la penicilina?'],
    ['male', '¿Es usted alérgico a la penicilina?'],
  ])(
    "agrees with a %s patient's gender, and opens a Spanish question with ¿ (issue 30, item 7)",
    async (patient_gender, expected) => {
      const client = await open({ language_medic: 'en', language_patient: 'es', patient_gender });
      client.json({ type: 'text_input', text: 'Are you allergic to penicillin?' });
      const a = await client.next((m) => m.type === 'translation_result' && m.sentence_id === 's1');
      expect(a.text).toBe(expected);
    },
  );

  it('tunes the reformulation for a child patient and keeps the literal translation apart', async () => {
    const client = await open({
      language_medic: 'es',
      language_patient: 'en',
      patient_age_category: 'child',
      patient_gender: 'female',
    });
    client.json({ type: 'text_input', text: 'El paciente tiene hipertensión y cefalea.' });
    await client.next(isLast('s1'));
    const [a] = client.ofType('translation_result', 's1');
    const [b] = client.ofType('reformulation_result', 's1');
    expect(b.text).not.toBe(a.text);
    expect(String(b.text).toLowerCase()).toMatch(/blood pressure|headache|head hurts/);
  });

  it('attributes a short typed sentence to the party whose language it is in', async () => {
    const client = await open({ language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: 'My chest hurts when I breathe.' });
    client.json({ type: 'text_input', text: '¿Le duele el pecho al respirar?' });
    const [patient, medic] = await client.count((m) => m.type === 'asr_result', 2);
    expect(patient).toMatchObject({ sentence_id: 's1', role: 'patient', language: 'en-US' });
    expect(medic).toMatchObject({ sentence_id: 's2', role: 'medic', language: 'es-ES' });
  });

  it('takes the role from text_input when given', async () => {
    const client = await open({ language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: 'ok', role: 'patient' });
    const asr = await client.next((m) => m.type === 'asr_result');
    expect(asr).toMatchObject({ role: 'patient', language: 'en-US' });
  });

  it('gives unknown in a same-language session and skips branch C with unknown_speaker_role', async () => {
    const client = await open({
      language_medic: 'en',
      language_patient: 'en-US',
      enable_dual_direction: true,
    });
    client.json({ type: 'text_input', text: EN });
    const skipped = await client.next((m) => m.type === 'branch_c_skipped');
    expect(skipped).toEqual({
      type: 'branch_c_skipped',
      sentence_id: 's1',
      reason: 'unknown_speaker_role',
    });
    expect(client.ofType('asr_result', 's1')[0].role).toBe('unknown');
    const [a] = client.ofType('translation_result', 's1');
    expect(a).toMatchObject({ source_language: 'en-US', target_language: 'en-US', text: EN });
    expect(a.back_translation).toBeUndefined();
  });

  it('skips branch C with same_translation_direction when a known role shares the language', async () => {
    const client = await open({ language_medic: 'en', language_patient: 'en' });
    client.json({ type: 'text_input', text: EN, role: 'medic' });
    await client.next(isLast('s1'));
    client.json({ type: 'trigger_branch_c', sentence_id: 's1' });
    const skipped = await client.next((m) => m.type === 'branch_c_skipped');
    expect(skipped.reason).toBe('same_translation_direction');
  });

  it('runs branch C on every sentence with enable_dual_direction', async () => {
    const client = await open({
      language_medic: 'es',
      language_patient: 'en',
      enable_dual_direction: true,
    });
    client.json({ type: 'text_input', text: EN });
    const c = await client.next((m) => m.type === 'branch_c_result');
    expect(c).toMatchObject({
      sentence_id: 's1',
      assumed_role: 'medic',
      source_language: 'es-ES',
      target_language: 'en-US',
    });
    expect(sequence(client, 's1').at(-1)).toBe('branch_c_result');
  });

  it('answers trigger_branch_c at once, then with the result', async () => {
    const client = await open({ language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: ES });
    await client.next(isLast('s1'));
    expect(client.ofType('branch_c_result')).toEqual([]);
    client.json({ type: 'trigger_branch_c', sentence_id: 's1' });
    const triggered = await client.next((m) => m.type === 'branch_c_triggered');
    expect(triggered).toEqual({ type: 'branch_c_triggered', sentence_id: 's1' });
    const result = await client.next((m) => m.type === 'branch_c_result');
    expect(result).toMatchObject({
      assumed_role: 'patient',
      source_language: 'en-US',
      target_language: 'es-ES',
    });
    expect(client.messages.indexOf(triggered)).toBeLessThan(client.messages.indexOf(result));
  });

  it('applies set_speed from the next sentence on', async () => {
    const client = await open({ language_medic: 'es', language_patient: 'en', speed: 1.25 });
    client.json({ type: 'text_input', text: EN });
    await client.next(isLast('s1'));
    client.json({ type: 'set_speed', speed: 2 });
    expect(await client.next((m) => m.type === 'speed_updated')).toEqual({
      type: 'speed_updated',
      speed: 2,
    });
    client.json({ type: 'text_input', text: EN });
    await client.next(isLast('s2'));
    const durations = (id: string) =>
      client.ofType('tts_audio', id).map((m) => {
        const wav = decodeWav(Buffer.from(m.audio_base64 as string, 'base64'));
        return { speed: m.speed, seconds: wav.samples.length / wav.sampleRate };
      });
    const [first] = durations('s1');
    const [second] = durations('s2');
    expect(first.speed).toBe(1.25);
    expect(second.speed).toBe(2);
    expect(second.seconds).toBeLessThan(first.seconds * 0.8);
  });

  it('acknowledges flags on a sentence and on the conversation', async () => {
    const client = await open({ language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'text_input', text: EN });
    await client.next((m) => m.type === 'asr_result');
    client.json({ type: 'flag', flag_type: 'mistranslation', sentence_id: 's1', note: 'dose?' });
    client.json({ type: 'flag', flag_type: 'bug' });
    const acks = await client.count((m) => m.type === 'flag_ack', 2);
    expect(acks).toEqual([
      { type: 'flag_ack', flag_id: 'f1', flag_type: 'mistranslation', sentence_id: 's1' },
      { type: 'flag_ack', flag_id: 'f2', flag_type: 'bug', sentence_id: null },
    ]);
  });

  it('re-translates a sentence whose language was only assumed in the corrected direction, revision 2', async () => {
    const client = await open({ language_medic: 'es', language_patient: 'en' });
    // Too short to identify: taken to be in the medic's language (§4.7 rule 2).
    client.json({ type: 'text_input', text: 'Yes.' });
    await client.next(isLast('s1'));
    expect(client.ofType('asr_result', 's1')[0]).toMatchObject({
      role: 'medic',
      language: 'es-ES',
    });
    client.json({ type: 'correct_speaker', sentence_id: 's1', role: 'patient' });
    const ack = await client.next((m) => m.type === 'correction_ack');
    expect(ack).toEqual({
      type: 'correction_ack',
      sentence_id: 's1',
      role: 'patient',
      previous_role: 'medic',
    });
    await client.next((m) => isLast('s1')(m) && m.revision === 2);
    const revised = client.ofType('translation_result', 's1').find((m) => m.revision === 2)!;
    // The patient's "Yes." is an answer: written in advance in the medic's language (issue 32).
    expect(revised).toMatchObject({
      source_language: 'en-US',
      target_language: 'es-ES',
      text: 'Sí.',
      origin: 'phrasebook',
      phrase_id: 'answer.yes',
    });
    expect(client.ofType('reformulation_result', 's1').map((m) => m.revision)).toEqual([1, 2]);
  });

  it('keeps the language of an identified sentence when its speaker is corrected', async () => {
    const client = await open({ language_medic: 'en', language_patient: 'es' });
    client.json({ type: 'text_input', text: EN });
    await client.next(isLast('s1'));
    expect(client.ofType('asr_result', 's1')[0]).toMatchObject({
      role: 'medic',
      language: 'en-US',
    });
    client.json({ type: 'correct_speaker', sentence_id: 's1', role: 'patient' });
    await client.next((m) => isLast('s1')(m) && m.revision === 2);
    // English words said by the patient are for the medic, who reads English: the text is
    // passed on as it is, not "translated" from Spanish.
    const revised = client.ofType('translation_result', 's1').find((m) => m.revision === 2)!;
    expect(revised).toEqual({
      type: 'translation_result',
      sentence_id: 's1',
      branch: 'A',
      source_language: 'en-US',
      target_language: 'en-US',
      text: EN,
      origin: 'machine',
      revision: 2,
    });
    const speech = client.ofType('tts_audio', 's1').filter((m) => m.revision === 2);
    expect(speech.map((m) => [m.branch, m.language])).toEqual([
      ['A', 'en-US'],
      ['B', 'en-US'],
    ]);
    expect(client.ofType('error')).toEqual([]);

    client.json({ type: 'conversation_exit' });
    const archive = await client.next((m) => m.type === 'conversation_archive');
    const zip = await JSZip.loadAsync(Buffer.from(archive.content_base64 as string, 'base64'));
    const conversation = JSON.parse(await zip.file('conversation.json')!.async('string'));
    expect(conversation.sentences[0]).toMatchObject({
      role: 'patient',
      language: 'en-US',
      revision: 2,
    });
  });

  it('translates a text_input from the language of its text, whoever the role says typed it', async () => {
    const client = await open({ language_medic: 'en', language_patient: 'es' });
    client.json({ type: 'text_input', text: EN, role: 'patient' });
    await client.next(isLast('s1'));
    expect(client.ofType('asr_result', 's1')[0]).toMatchObject({
      role: 'patient',
      language: 'en-US',
    });
    expect(client.ofType('translation_result', 's1')[0]).toMatchObject({
      source_language: 'en-US',
      target_language: 'en-US',
      text: EN,
    });
    client.json({ type: 'text_input', text: ES, role: 'patient' });
    await client.next(isLast('s2'));
    expect(client.ofType('translation_result', 's2')[0]).toMatchObject({
      source_language: 'es-ES',
      target_language: 'en-US',
    });
    expect(client.ofType('translation_result', 's2')[0].fidelity).toBeGreaterThan(0.3);
  });

  it('does not translate nor speak a sentence in neither party’s language, says so, and archives it (issue 30, item 3)', async () => {
    const client = await open({
      language_medic: 'en',
      language_patient: 'es',
      enable_dual_direction: true,
    });
    const notTranslated = (id: string) =>
      client.next((m) => m.type === 'sentence_not_translated' && m.sentence_id === id);
    // Identified (Vietnamese), whoever the client says typed it.
    client.json({ type: 'text_input', text: 'Tôi bị đau đầu từ hôm qua' });
    expect(await notTranslated('s1')).toEqual({
      type: 'sentence_not_translated',
      sentence_id: 's1',
      reason: 'language_outside_session',
      language: 'vi-VN',
      revision: 1,
    });
    expect(client.ofType('asr_result', 's1')[0]).toMatchObject({
      language: 'vi-VN',
      role: 'unknown',
    });
    client.json({ type: 'text_input', text: 'Tôi bị dị ứng với penicillin.', role: 'patient' });
    expect(await notTranslated('s2')).toMatchObject({ language: 'vi-VN' });
    expect(client.ofType('asr_result', 's2')[0]).toMatchObject({ role: 'patient' });
    // Haitian Creole, which neither identifier names: the engine knew none of its words.
    client.json({ type: 'text_input', text: 'Mwen gen doulè nan vant mwen.' });
    expect(await notTranslated('s3')).toMatchObject({ language: 'und' });
    // Branch C on demand: an error, not a translation.
    client.json({ type: 'trigger_branch_c', sentence_id: 's1' });
    const error = await client.next((m) => m.type === 'error' && m.sentence_id === 's1');
    expect(error).toMatchObject({
      service: 'Translation',
      message: expect.stringMatching(/neither party/),
    });
    // A sentence in a party's language goes on as before.
    client.json({ type: 'text_input', text: EN });
    await client.next(isLast('s4'));
    for (const id of ['s1', 's2', 's3']) {
      const answers = ['error', 'branch_c_triggered'];
      expect(sequence(client, id).filter((t) => !answers.includes(t))).toEqual([
        'asr_result',
        'sentence_not_translated',
      ]);
    }
    client.json({ type: 'conversation_exit' });
    const archive = await client.next((m) => m.type === 'conversation_archive');
    const zip = await JSZip.loadAsync(Buffer.from(archive.content_base64 as string, 'base64'));
    const json = JSON.parse(await zip.file('conversation.json')!.async('string')) as {
      sentences: { sentence_id: string; not_translated: unknown[]; translations: unknown[] }[];
    };
    expect(json.sentences[0]).toMatchObject({
      translations: [],
      not_translated: [{ revision: 1, reason: 'language_outside_session', language: 'vi-VN' }],
    });
    const transcript = await zip.file('transcript.txt')!.async('string');
    expect(transcript).toContain("Not translated: the text is in neither party's language (und)");
  });

  it('answers Sentence not found for unknown sentence ids, and the session goes on', async () => {
    const client = await open({ language_medic: 'es', language_patient: 'en' });
    client.json({ type: 'flag', flag_type: 'other', sentence_id: 's9' });
    client.json({ type: 'correct_speaker', sentence_id: 's7', role: 'medic' });
    client.json({ type: 'trigger_branch_c', sentence_id: 's8' });
    const errors = await client.count((m) => m.type === 'error', 3);
    expect(errors).toEqual([
      { type: 'error', service: 'Session', message: 'Sentence not found', sentence_id: 's9' },
      { type: 'error', service: 'Session', message: 'Sentence not found', sentence_id: 's7' },
      { type: 'error', service: 'Session', message: 'Sentence not found', sentence_id: 's8' },
    ]);
    client.json({ type: 'text_input', text: EN });
    await client.next(isLast('s1'));
  });

  it.each([
    ['not JSON', '{"type": "flag"', /not valid JSON/],
    ['an array', '[1,2]', /JSON object/],
    ['no type', '{"speed": 2}', /needs a "type"/],
    ['an unknown type', '{"type": "dance"}', /Unknown message type; the types are: set_speed/],
    ['a second handshake', '{"type": "handshake"}', /only once/],
    ['a speed out of range', '{"type": "set_speed", "speed": 0.1}', /set_speed: speed must be/],
    ['a bad flag type', '{"type": "flag", "flag_type": "typo"}', /flag_type must be one of/],
    [
      'a bad role',
      '{"type": "correct_speaker", "sentence_id": "s1", "role": "nurse"}',
      /role must be/,
    ],
    ['an empty text', '{"type": "text_input", "text": "   "}', /only spaces/],
    ['a long text', JSON.stringify({ type: 'text_input', text: 'a'.repeat(5001) }), /1 to 5000/],
    ['an unknown field', '{"type": "set_speed", "speed": 1, "sped": 2}', /unknown field "sped"/],
  ])('answers %s with a Session error and stays open', async (_what, frame, message) => {
    const client = await open({ language_medic: 'es', language_patient: 'en' });
    client.socket.send(frame);
    const error = await client.next((m) => m.type === 'error');
    expect(error.service).toBe('Session');
    expect(error.message).toMatch(message);
    client.json({ type: 'set_speed', speed: 1.5 });
    await client.next((m) => m.type === 'speed_updated');
    expect(client.closeCode).toBeUndefined();
  });
});

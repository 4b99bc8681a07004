import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { decodeWav } from '../src/audio/wav-decoder.js';
import type { ApertiumEngine } from '../src/translation/engines/apertium/apertium.engine.js';
import { TRANSLATION_ENGINE } from '../src/translation/engines/translation-engine.js';
import { EN, isLast, textSessions } from './support/text-session.js';
import type { TestClient } from './support/ws-client.js';

/**
 * Sessions driven by text_input: each typed sentence through the whole pipeline, from the
 * language of its text, and branch C on it. The client's other messages in such a session
 * (speed, flags, corrections, and what it gets wrong): session-text-commands.e2e-spec.ts.
 */

const ES = 'El paciente tiene fiebre y dolor de cabeza desde ayer.';
const FR = 'Le patient a de la fièvre et mal à la tête depuis hier.';

/** Types of one sentence's messages, in the order they arrived. */
const sequence = (client: TestClient, id: string) =>
  client.messages.filter((m) => m.sentence_id === id).map((m) => `${m.type}${m.branch ?? ''}`);

describe('Sessions driven by text_input', () => {
  const { app, open } = textSessions();

  // First: no other test of this app has used Italian or French yet.
  it("starts the translation pipelines of the session's languages at its handshake", async () => {
    const apertium = app().get<ApertiumEngine>(TRANSLATION_ENGINE);
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
});

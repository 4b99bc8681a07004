import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { decodeWav } from '../src/audio/wav-decoder.js';
import { EN, isLast, textSessions } from './support/text-session.js';

/**
 * The client's messages in a session driven by text_input, besides its sentences: set_speed,
 * flags, correct_speaker, ids of no sentence, and frames the session cannot take.
 */

describe('Sessions driven by text_input', () => {
  const { open } = textSessions();

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

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import JSZip from 'jszip';
import request from 'supertest';
import { Phrasebook } from '../src/translation/phrasebook/phrasebook.js';
import { type Message, startSessionServer, TestClient } from './support/ws-client.js';
import { textSessions } from './support/text-session.js';

/**
 * Fixed phrases on both interfaces (issue 31, item 3), on the embedded engines: what a clinician
 * says that matches a phrase is answered from the phrasebook and says so; a near miss goes to the
 * machine. The expected texts come from the phrasebook itself, so the test follows its data.
 */

const TRANSLATE = '/api/v1/translation/translate';
const EXAMPLE_FILE = 'deploy/phrasebook.example.yaml';

/** The built-in phrase `id` in `language`, for a patient of `gender` (both forms when unknown). */
function phraseText(id: string, language: 'en' | 'es' | 'fr', gender?: 'female' | 'male') {
  const entry = Phrasebook.cached().entries.get(id);
  if (!entry) throw new Error(`no phrase ${id}`);
  return entry.texts[language].render(language, new Map(), gender);
}

describe('fixed phrases on the REST API and in sessions', () => {
  const { app, open } = textSessions();
  const translate = (text: string, source = 'eng_Latn', target = 'spa_Latn') =>
    request(app().getHttpServer())
      .post(TRANSLATE)
      .send({ text, source_language: source, target_language: target })
      .expect(200);

  it('REST: a matching sentence gets the phrase, with origin and phrase_id', async () => {
    const res = await translate('does it burn when you pee');
    expect(res.body).toMatchObject({
      translated_text: phraseText('urinary.burning', 'es'),
      origin: 'phrasebook',
      phrase_id: 'urinary.burning',
    });
    expect(res.body).not.toHaveProperty('untranslated_words');
    const fromFrench = await translate(
      'Avez-vous des brûlures quand vous urinez ?',
      'fra_Latn',
      'eng_Latn',
    );
    expect(fromFrench.body).toMatchObject({
      translated_text: phraseText('urinary.burning', 'en'),
      origin: 'phrasebook',
      phrase_id: 'urinary.burning',
    });
  });

  it('REST: a near miss goes to the machine, and says so; a time said with a phrase stays with it', async () => {
    for (const text of [
      'Does it not burn when you pee?',
      'Does it burn when you pee on the left side?',
      'Does it burn when you pee and when you sit?',
    ]) {
      const res = await translate(text);
      expect(res.body.origin).toBe('machine');
      expect(res.body).not.toHaveProperty('phrase_id');
    }
    const atNight = await translate('Does it burn when you pee at night?');
    expect(atNight.body).toMatchObject({
      translated_text: phraseText('urinary.burning', 'es').replace(/\?$/, ' por la noche?'),
      origin: 'phrasebook',
      phrase_id: 'urinary.burning',
    });
  });

  it('session: the clinician’s phrase reaches the patient with what was understood, no round trip, archived with its origin', async () => {
    const client = await open({
      language_medic: 'en',
      language_patient: 'es',
      patient_gender: 'female',
    });
    const last = (id: string) => (m: Message) =>
      m.sentence_id === id && m.type === 'tts_audio' && m.branch === 'B';
    client.json({ type: 'text_input', text: 'okay so does it burn when you pee', role: 'medic' });
    await client.next(last('s1'));
    const [fixed] = client.ofType('translation_result', 's1');
    expect(fixed).toMatchObject({
      text: phraseText('urinary.burning', 'es', 'female'),
      origin: 'phrasebook',
      phrase_id: 'urinary.burning',
      understood_as: phraseText('urinary.burning', 'en', 'female'),
    });
    expect(fixed).not.toHaveProperty('back_translation');
    expect(fixed).not.toHaveProperty('fidelity');
    expect(fixed).not.toHaveProperty('reviewed_by');
    // A patient's sentence is never matched against the clinician's phrases.
    client.json({ type: 'text_input', text: '¿Le arde al orinar?', role: 'patient' });
    await client.next(last('s2'));
    expect(client.ofType('translation_result', 's2')[0]).toMatchObject({ origin: 'machine' });
    expect(client.ofType('translation_result', 's2')[0]).toHaveProperty('back_translation');

    client.json({ type: 'conversation_exit' });
    const archive = await client.next((m) => m.type === 'conversation_archive');
    const zip = await JSZip.loadAsync(Buffer.from(archive.content_base64 as string, 'base64'));
    const json = JSON.parse(await zip.file('conversation.json')!.async('string')) as {
      sentences: { translations: Record<string, unknown>[] }[];
    };
    expect(json.sentences[0].translations[0]).toMatchObject({
      origin: 'phrasebook',
      phrase_id: 'urinary.burning',
      understood_as: phraseText('urinary.burning', 'en', 'female'),
      reviewed_by: null,
      back_translation: null,
    });
    expect(json.sentences[1].translations[0]).toMatchObject({ origin: 'machine', phrase_id: null });
    const transcript = await zip.file('transcript.txt')!.async('string');
    expect(transcript).toContain(
      `    Fixed phrase urinary.burning (es-ES, unreviewed): ${phraseText('urinary.burning', 'es', 'female')}`,
    );
    expect(transcript).toContain('    Machine translation (en-US');
  });
});

describe("a hospital's PHRASEBOOK_FILE", () => {
  let app: NestExpressApplication;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startSessionServer({ PHRASEBOOK_FILE: EXAMPLE_FILE }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('adds its phrases and replaces translations, and a reviewed one says who reviewed it', async () => {
    const added = await request(app.getHttpServer())
      .post(TRANSLATE)
      .send({
        text: 'Please keep your hospital wristband on.',
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      })
      .expect(200);
    expect(added.body).toMatchObject({
      translated_text: "Gardez votre bracelet d'hôpital, s'il vous plaît.",
      origin: 'phrasebook',
      phrase_id: 'hospital.wristband',
    });
    const client = await TestClient.open(url, { language_medic: 'en', language_patient: 'es' });
    try {
      client.json({ type: 'text_input', text: 'Does it burn when you pass urine?', role: 'medic' });
      const result = await client.next(
        (m) => m.type === 'translation_result' && m.sentence_id === 's1',
      );
      expect(result).toMatchObject({
        text: '¿Siente ardor al orinar?',
        origin: 'phrasebook',
        phrase_id: 'urinary.burning',
        reviewed_by: expect.stringMatching(/^EXAMPLE ONLY/),
      });
    } finally {
      client.close();
    }
  });

  it('gives a reviewed text in a language the phrasebook only writes to, reviewed there only', async () => {
    const client = await TestClient.open(url, {
      language_medic: 'en',
      language_patient: 'vi',
      patient_gender: 'male',
    });
    try {
      client.json({ type: 'text_input', text: 'Where does it hurt?', role: 'medic' });
      const result = await client.next(
        (m) => m.type === 'translation_result' && m.sentence_id === 's1',
      );
      expect(result).toMatchObject({
        text: 'Ông bị đau ở chỗ nào?',
        origin: 'phrasebook',
        phrase_id: 'pain.where',
        reviewed_by: expect.stringMatching(/^EXAMPLE ONLY/),
      });
    } finally {
      client.close();
    }
    const spanish = await request(app.getHttpServer())
      .post(TRANSLATE)
      .send({
        text: 'Where does it hurt?',
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      })
      .expect(200);
    expect(spanish.body).toMatchObject({ origin: 'phrasebook', phrase_id: 'pain.where' });
  });
});

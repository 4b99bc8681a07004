import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { Phrasebook } from '../src/translation/phrasebook/phrasebook.js';
import type { PhraseMatch } from '../src/translation/phrasebook/phrase-matcher.js';
import type { TargetLanguage } from '../src/translation/phrasebook/targets/target-language.js';
import { type Message, TestClient } from './support/ws-client.js';
import { textSessions } from './support/text-session.js';

/**
 * Patients in a language no embedded engine translates (issue 32), on the embedded engines:
 * the clinician's phrase reaches them as written in advance, with answers to tap; a sentence
 * with no phrase reaches them not at all, and the clinician chooses among the closest; a tap
 * reaches the clinician as the same answer in their language. Expected texts come from the
 * phrasebook's data, so the test follows it.
 */

const phrasebook = Phrasebook.cached();

/** The phrase `text` matches (English), written in `language` for a patient of `gender`. */
function written(text: string, language: TargetLanguage, gender?: 'female' | 'male'): string {
  const matches = phrasebook.matchUtterance(text, 'en');
  if (!matches) throw new Error(`no phrase matches "${text}"`);
  return matches.map((m: PhraseMatch) => phrasebook.renderTarget(m, language, gender)).join(' ');
}

const answer = (id: string, language: TargetLanguage | 'en') =>
  phrasebook.answers!.text(id, language)!;

describe('patients in a language translated by fixed phrases only', () => {
  const { open, url, baseUrl } = textSessions();
  const lastOf = (id: string) => (m: Message) =>
    m.sentence_id === id &&
    (m.type === 'reformulation_result' || m.type === 'sentence_not_translated');

  it('lists the languages a handshake accepts, and what each can do', async () => {
    const locales = (await (await fetch(`${baseUrl()}/languages`)).json()) as string[];
    expect(locales).toEqual(expect.arrayContaining(['en-US', 'es-ES', 'vi-VN', 'ar-EG']));
    expect([...locales].sort()).toEqual(locales);
    const capabilities = (await (
      await fetch(`${baseUrl()}/languages/capabilities`)
    ).json()) as Record<string, unknown>[];
    expect(capabilities.map((c) => c.locale)).toEqual(locales);
    expect(capabilities.find((c) => c.locale === 'vi-VN')).toEqual({
      locale: 'vi-VN',
      name: 'Vietnamese',
      roles: ['patient'],
      translation: 'fixed_phrases',
      fixed_phrases: phrasebook.entries.size,
      speech_recognition: false,
      voice: true,
      answers_by_touch: true,
    });
    expect(capabilities.find((c) => c.locale === 'en-US')).toMatchObject({
      roles: ['medic', 'patient'],
      translation: 'machine',
      speech_recognition: true,
    });
  });

  it('accepts the patient’s language, says in its warnings what it can do, and gives the patient’s buttons', async () => {
    const client = await open({ language_medic: 'en', language_patient: 'vi' });
    const [success] = client.ofType('HandshakeSuccess');
    expect(success.patient_lang).toBe('vi-VN');
    expect((success.warnings as string[]).join(' ')).toMatch(
      /Vietnamese has no machine translation here: .* only as a fixed phrase written in advance .*not reviewed by a certified medical interpreter/,
    );
    expect(success.patient_answers).toEqual(
      ['not-understood', 'repeat', 'interpreter'].map((id) => ({ id, text: answer(id, 'vi') })),
    );
    // A clinician needs machine translation (or the phrasebook's matching).
    await expect(
      TestClient.open(url(), { language_medic: 'vi', language_patient: 'en' }),
    ).rejects.toThrow(/language_medic: Vietnamese/);
  });

  it('sends the clinician’s phrase as written, spoken, with the answers to tap; a tap reaches the clinician', async () => {
    const client = await open({
      language_medic: 'en',
      language_patient: 'vi',
      patient_gender: 'female',
    });
    client.json({ type: 'text_input', text: 'Does your left arm hurt?', role: 'medic' });
    await client.next((m) => m.type === 'tts_audio' && m.sentence_id === 's1' && m.branch === 'B');
    const [translation] = client.ofType('translation_result', 's1');
    expect(translation).toMatchObject({
      source_language: 'en-US',
      target_language: 'vi-VN',
      text: written('Does your left arm hurt?', 'vi', 'female'),
      origin: 'phrasebook',
      phrase_id: 'pain.body-part-hurts',
      understood_as: 'Does your left arm hurt?',
      answers: {
        kind: 'yes_no',
        options: [
          { id: 'yes', text: answer('yes', 'vi') },
          { id: 'no', text: answer('no', 'vi') },
        ],
      },
    });
    expect(translation).not.toHaveProperty('back_translation');
    expect(client.ofType('reformulation_result', 's1')[0].text).toBe(translation.text);
    expect(client.ofType('tts_audio', 's1')[0]).toMatchObject({ branch: 'A', language: 'vi-VN' });

    client.json({ type: 'text_input', text: answer('yes', 'vi'), role: 'patient' });
    await client.next(lastOf('s2'));
    expect(client.ofType('asr_result', 's2')[0]).toMatchObject({
      role: 'patient',
      language: 'vi-VN',
    });
    expect(client.ofType('translation_result', 's2')[0]).toMatchObject({
      source_language: 'vi-VN',
      target_language: 'en-US',
      text: answer('yes', 'en'),
      origin: 'phrasebook',
      phrase_id: 'answer.yes',
    });
  });

  it('sends nothing of a sentence with no phrase, offers the closest, and sends the one chosen', async () => {
    const client = await open({ language_medic: 'en', language_patient: 'vi' });
    client.json({
      type: 'text_input',
      text: 'Do you have bad pain in your left arm today?',
      role: 'medic',
    });
    const withheld = await client.next(lastOf('s1'));
    expect(withheld).toMatchObject({
      type: 'sentence_not_translated',
      reason: 'no_fixed_phrase',
      language: 'vi-VN',
      revision: 1,
    });
    const suggestions = withheld.suggestions as { phrase_id: string; text: string }[];
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(client.ofType('translation_result', 's1')).toEqual([]);
    expect(client.ofType('tts_audio', 's1')).toEqual([]);

    // Not offered: a clear error, and the sentence unchanged.
    client.json({ type: 'choose_phrase', sentence_id: 's1', phrase_id: 'pain.where' });
    const refused = await client.next((m) => m.type === 'error');
    expect(refused.message).toMatch(/not offered for s1; choose one of its suggestions: /);

    client.json({ type: 'choose_phrase', sentence_id: 's1', phrase_id: suggestions[0].phrase_id });
    const chosen = await client.next(
      (m) => m.type === 'translation_result' && m.sentence_id === 's1',
    );
    expect(chosen).toMatchObject({
      revision: 2,
      origin: 'phrasebook',
      chosen: true,
      phrase_id: suggestions[0].phrase_id,
      understood_as: suggestions[0].text,
      text: written(suggestions[0].text, 'vi'),
    });

    // What the patient types that is no answer cannot be translated: the clinician is told.
    client.json({ type: 'text_input', text: 'Tôi bị đau đầu từ hôm qua', role: 'patient' });
    expect(await client.next(lastOf('s2'))).toMatchObject({
      type: 'sentence_not_translated',
      reason: 'language_not_translated',
      language: 'vi-VN',
    });
    client.json({ type: 'conversation_exit' });
    const archive = await client.next((m) => m.type === 'conversation_archive');
    const zip = await JSZip.loadAsync(Buffer.from(archive.content_base64 as string, 'base64'));
    const json = JSON.parse(await zip.file('conversation.json')!.async('string')) as {
      sentences: {
        not_translated: Record<string, unknown>[];
        translations: Record<string, unknown>[];
      }[];
    };
    expect(json.sentences[0].not_translated[0]).toMatchObject({
      reason: 'no_fixed_phrase',
      suggestions: suggestions.map((s) => ({ phrase_id: s.phrase_id, text: s.text })),
    });
    expect(json.sentences[0].translations[0]).toMatchObject({ chosen: true, revision: 2 });
  });

  it('REST: a phrase into the language, or a 422 naming the closest phrases, never the machine', async () => {
    const translate = (text: string) =>
      fetch(`${baseUrl()}/api/v1/translation/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'vie_Latn' }),
      });
    const found = await translate('Where does it hurt?');
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({
      target_language: 'vi-VN',
      translated_text: written('Where does it hurt?', 'vi'),
      origin: 'phrasebook',
      phrase_id: 'pain.where',
    });
    const missed = await translate('Do you have bad pain in your left arm today?');
    expect(missed.status).toBe(422);
    const { detail } = (await missed.json()) as { detail: Record<string, unknown>[] };
    expect(detail).toEqual([
      {
        loc: ['body', 'text'],
        type: 'no_fixed_phrase',
        msg: expect.stringMatching(
          /^Vietnamese \(vie_Latn\) is reached by fixed phrases only here, and no phrase says this text, so it is not translated\. The closest phrases: "/,
        ),
      },
    ]);
  });

  it('starts a session with an English clinician in each of the 17 languages, and sends it a phrase', async () => {
    const capabilities = (await (await fetch(`${baseUrl()}/languages/capabilities`)).json()) as {
      locale: string;
      name: string;
      translation: string;
      voice: boolean;
    }[];
    const fixedOnly = capabilities.filter((c) => c.translation === 'fixed_phrases');
    expect(fixedOnly.map((c) => c.locale).sort()).toEqual(
      [
        'ar-EG',
        'bn-BD',
        'de-DE',
        'fa-IR',
        'fil-PH',
        'hi-IN',
        'ht-HT',
        'ko-KR',
        'pl-PL',
        'ro-RO',
        'ru-RU',
        'tr-TR',
        'uk-UA',
        'ur-PK',
        'vi-VN',
        'zh-CN',
        'zh-TW',
      ].sort(),
    );
    for (const { locale, name, voice } of fixedOnly) {
      const client = await open({ language_medic: 'en', language_patient: locale });
      const [success] = client.ofType('HandshakeSuccess');
      expect((success.warnings as string[]).join(' ')).toContain(
        `${name} has no machine translation here`,
      );
      expect(success.patient_answers).toHaveLength(3);
      client.json({ type: 'text_input', text: 'Do you have a fever?', role: 'medic' });
      await client.next(lastOf('s1'));
      const [translation] = client.ofType('translation_result', 's1');
      expect(translation).toMatchObject({ target_language: locale, origin: 'phrasebook' });
      expect((translation.answers as { kind: string }).kind).toBe('yes_no');
      if (voice) {
        await client.next((m) => m.type === 'tts_audio' && m.sentence_id === 's1');
      }
      client.close();
    }
  });

  it('shows a language with no voice as text alone', async () => {
    const client = await open({ language_medic: 'en', language_patient: 'fil' });
    expect((client.ofType('HandshakeSuccess')[0].warnings as string[]).join(' ')).toMatch(
      /No installed voice speaks Filipino/,
    );
    client.json({ type: 'text_input', text: 'Where does it hurt?', role: 'medic' });
    await client.next(lastOf('s1'));
    expect(client.ofType('translation_result', 's1')[0]).toMatchObject({
      text: written('Where does it hurt?', 'fil'),
      origin: 'phrasebook',
    });
    expect(client.ofType('tts_audio', 's1')).toEqual([]);
  });
});

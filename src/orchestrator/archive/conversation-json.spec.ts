import { describe, expect, it } from '@jest/globals';
import type { ConversationSnapshot, SentenceRecord } from '../conversation/conversation.types.js';
import { archiveAudioEntries, toConversationJson, type SentenceJson } from './conversation-json.js';
import {
  ENDED_AT,
  SESSION_ID,
  STARTED_AT,
  at,
  conversationSnapshot,
  inputAudio,
  speech,
  sentenceRecord,
} from '../../../test/support/conversation-snapshot.fixture.js';

function withSentences(sentences: SentenceRecord[]): ConversationSnapshot {
  return { ...conversationSnapshot(), sentences, flags: [], corrections: [] };
}

function baseSentence(id: string): SentenceRecord {
  return sentenceRecord({ id, source: 'audio', detectedAt: at(1), text: 'Bonjour.' });
}

/** Every key of every object in `value`, at any depth. */
function allKeys(value: unknown, keys: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) allKeys(item, keys);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      keys.push(key);
      allKeys(item, keys);
    }
  }
  return keys;
}

describe('toConversationJson', () => {
  const json = toConversationJson(conversationSnapshot());
  const byId = (id: string): SentenceJson => {
    const found = json.sentences.find((s) => s.sentence_id === id);
    if (!found) throw new Error(`no sentence ${id}`);
    return found;
  };

  it('is plain JSON: a JSON round trip gives the same object', () => {
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('uses snake_case keys throughout', () => {
    const keys = allKeys(json);
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('holds no audio bytes', () => {
    const text = JSON.stringify(json);
    expect(text.length).toBeLessThan(12_000); // the fixture holds ~90 kB of audio
    expect(text).not.toContain('RIFF');
    expect(allKeys(json)).not.toContain('wav');
    expect(allKeys(json)).not.toContain('input_audio');
    const longNumberArrays = JSON.stringify(json, (_key, value: unknown) =>
      Array.isArray(value) && value.length > 16 && value.every((v) => typeof v === 'number')
        ? 'NUMBER_ARRAY'
        : value,
    );
    expect(longNumberArrays).not.toContain('NUMBER_ARRAY');
  });

  it('describes the session', () => {
    expect(json.format_version).toBe(1);
    expect(json.session).toEqual({
      id: SESSION_ID,
      started_at: STARTED_AT,
      ended_at: ENDED_AT,
      duration_seconds: 3730.36,
    });
    expect(json.enable_dual_direction).toBe(true);
    expect(json.sample_rate).toBe(48000);
  });

  it('gives null duration when a date cannot be read', () => {
    const snapshot = { ...conversationSnapshot(), endedAt: 'not a date' };
    expect(toConversationJson(snapshot).session.duration_seconds).toBeNull();
  });

  it('gives both parties with their languages, and the patient profile', () => {
    expect(json.languages).toEqual({
      medic: { locale: 'fr-FR', name: 'French' },
      patient: { locale: 'en-US', name: 'English', gender: 'female', age_category: 'senior' },
    });
  });

  it('gives null patient gender and age category when not provided', () => {
    const snapshot = { ...conversationSnapshot(), patient: { locale: 'en-US', name: 'English' } };
    expect(toConversationJson(snapshot).languages.patient).toEqual({
      locale: 'en-US',
      name: 'English',
      gender: null,
      age_category: null,
    });
  });

  it('keeps the sentences in order', () => {
    expect(json.sentences.map((s) => s.sentence_id)).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('gives a processed audio sentence with every branch', () => {
    expect(byId('s1')).toEqual({
      sentence_id: 's1',
      source: 'audio',
      detected_at: at(7.4),
      start_ms: 4200,
      end_ms: 6900,
      text: 'Bonjour madame, où avez-vous mal ?',
      language: 'fr-FR',
      confidence: 0.912,
      low_confidence: false,
      role: 'medic',
      revision: 1,
      status: 'processed',
      translations: [
        {
          revision: 1,
          source_language: 'fr-FR',
          target_language: 'en-US',
          text: 'Hello madam, where does it hurt?',
          back_translation: 'Bonjour madame, où est-ce que ça fait mal ?',
          fidelity: 0.9234,
          untranslated_words: [],
          origin: 'machine',
          phrase_id: null,
          understood_as: null,
          reviewed_by: null,
          answers: null,
          chosen: false,
        },
      ],
      not_translated: [],
      reformulations: [
        { revision: 1, language: 'en-US', text: 'Hello. Can you show me where you feel pain?' },
      ],
      branch_c: [
        {
          assumed_role: 'patient',
          source_language: 'en-US',
          target_language: 'fr-FR',
          text: 'Bonjour madame, où avez-vous mal ?',
        },
      ],
      branch_c_skipped: [],
      errors: [],
      audio: ['audio/s1-input.wav', 'audio/s1-A-r1.wav', 'audio/s1-B-r1.wav'],
      speech: [
        {
          branch: 'A',
          revision: 1,
          language: 'en-US',
          speed: 1,
          sample_rate: 22050,
          path: 'audio/s1-A-r1.wav',
          reused_from: null,
        },
        {
          branch: 'B',
          revision: 1,
          language: 'en-US',
          speed: 1,
          sample_rate: 22050,
          path: 'audio/s1-B-r1.wav',
          reused_from: null,
        },
      ],
    });
  });

  it('keeps every revision of a corrected sentence, and every speech', () => {
    const s2 = byId('s2');
    expect([s2.confidence, s2.low_confidence]).toEqual([0.384, true]);
    expect(s2.revision).toBe(2);
    expect(s2.role).toBe('medic');
    expect(s2.translations.map((t) => [t.revision, t.source_language, t.target_language])).toEqual([
      [1, 'en-US', 'fr-FR'],
      [2, 'fr-FR', 'en-US'],
    ]);
    expect(s2.translations.map((t) => t.fidelity)).toEqual([0.31, 1]);
    expect(s2.reformulations.map((r) => [r.revision, r.language])).toEqual([
      [1, 'fr-FR'],
      [2, 'en-US'],
    ]);
    expect(s2.audio).toEqual([
      'audio/s2-input.wav',
      'audio/s2-A-r1.wav',
      'audio/s2-A-r2.wav',
      'audio/s2-B-r2.wav',
      'audio/s2-B-r2-2.wav', // B r2 synthesized twice (at speed 1, then 0.8)
    ]);
    expect(s2.speech.map((s) => [s.path, s.speed])).toEqual([
      ['audio/s2-A-r1.wav', 1],
      ['audio/s2-A-r2.wav', 1],
      ['audio/s2-B-r2.wav', 1],
      ['audio/s2-B-r2-2.wav', 0.8],
    ]);
  });

  it('names the earlier speech whose file a reused speech points at', () => {
    const a = speech('A', 1, 'en-US', 1);
    const sentence = { ...baseSentence('s1'), speech: [a, { ...a, branch: 'B' as const }] };
    const [json] = toConversationJson(withSentences([sentence])).sentences;
    expect(json.audio).toEqual(['audio/s1-A-r1.wav']);
    expect(json.speech.map((s) => [s.branch, s.path, s.reused_from])).toEqual([
      ['A', 'audio/s1-A-r1.wav', null],
      ['B', 'audio/s1-A-r1.wav', { branch: 'A', revision: 1 }],
    ]);
  });

  it('gives an empty sentence its input audio and no branch', () => {
    const s3 = byId('s3');
    expect(s3).toMatchObject({ status: 'empty', text: '', role: 'unknown' });
    expect(s3.translations).toEqual([]);
    expect(s3.reformulations).toEqual([]);
    expect(s3.speech).toEqual([]);
    expect(s3.audio).toEqual(['audio/s3-input.wav']);
  });

  it('records a revision not translated, in neither party’s language (issue 30, item 3)', () => {
    const outside = sentenceRecord({
      id: 's1',
      source: 'text',
      text: 'Tôi bị đau đầu từ hôm qua',
      language: 'vi-VN',
      role: 'unknown',
      outsideLanguage: 'vi-VN',
      withheld: [{ revision: 1, reason: 'language_outside_session', language: 'vi-VN' }],
    });
    const [json] = toConversationJson(withSentences([outside])).sentences;
    expect(json).toMatchObject({
      language: 'vi-VN',
      translations: [],
      not_translated: [
        { revision: 1, reason: 'language_outside_session', language: 'vi-VN', suggestions: [] },
      ],
    });
  });

  it('gives a typed sentence null positions, no input audio, and its errors', () => {
    const s4 = byId('s4');
    expect(s4).toMatchObject({ source: 'text', start_ms: null, end_ms: null, role: 'patient' });
    expect(s4.text).toBe('I am allergic to penicillin.\nAnd to latex.');
    expect(s4.audio).toEqual(['audio/s4-A-r1.wav']);
    expect(s4.errors).toEqual([{ service: 'TTS', message: 'Speech synthesis timed out' }]);
  });

  it('gives null back-translation and fidelity when missing, and branch C skip reasons', () => {
    const s5 = byId('s5');
    expect(s5.translations).toEqual([
      {
        revision: 1,
        source_language: 'en-US',
        target_language: 'fr-FR',
        text: 'Merci, docteur.',
        back_translation: null,
        fidelity: null,
        untranslated_words: [],
        origin: 'machine',
        phrase_id: null,
        understood_as: null,
        reviewed_by: null,
        answers: null,
        chosen: false,
      },
    ]);
    expect(s5.branch_c).toEqual([]);
    expect(s5.branch_c_skipped).toEqual(['unknown_speaker_role']);
    expect(s5.errors).toEqual([
      { service: 'Back-translation', message: 'Back-translation unavailable' },
    ]);
  });

  it('lists flags on sentences and on the whole conversation', () => {
    expect(json.flags).toEqual([
      {
        flag_id: 'f1',
        flag_type: 'mistranslation',
        sentence_id: 's1',
        note: '"madam" sounds odd here',
        at: at(12),
      },
      { flag_id: 'f2', flag_type: 'wrong_speaker', sentence_id: 's2', note: null, at: at(24) },
      {
        flag_id: 'f3',
        flag_type: 'other',
        sentence_id: null,
        note: 'Patient seemed tired; check understanding again.',
        at: at(590),
      },
    ]);
  });

  it('lists speaker corrections', () => {
    expect(json.corrections).toEqual([
      { sentence_id: 's2', role: 'medic', previous_role: 'patient', at: at(25.5) },
    ]);
  });

  it('copies the session metrics, and only them', () => {
    const snapshot = conversationSnapshot();
    const metrics = { ...snapshot.metrics, conversation_id: 'must not leak' };
    const result = toConversationJson({ ...snapshot, metrics });
    expect(result.metrics).toEqual({
      sentences_processed: 4,
      sentences_empty: 1,
      sentences_errored: 0,
      sentences_flagged: 2,
      peak_concurrent_pipelines: 3,
      warnings: 1,
      errors: 2,
    });
  });

  it('gives an empty conversation', () => {
    const result = toConversationJson(withSentences([]));
    expect(result.sentences).toEqual([]);
    expect(result.flags).toEqual([]);
    expect(result.corrections).toEqual([]);
  });

  it('does not change the snapshot', () => {
    const snapshot = conversationSnapshot();
    const before = JSON.stringify(snapshot, (_k, v: unknown) =>
      v instanceof Int16Array || v instanceof Uint8Array ? Array.from(v) : v,
    );
    toConversationJson(snapshot);
    const after = JSON.stringify(snapshot, (_k, v: unknown) =>
      v instanceof Int16Array || v instanceof Uint8Array ? Array.from(v) : v,
    );
    expect(after).toBe(before);
  });
});

describe('archiveAudioEntries', () => {
  it('names each WAV of the fixture once, in sentence order', () => {
    const entries = archiveAudioEntries(conversationSnapshot());
    expect(entries.map((e) => [e.path, e.sentence.id, e.kind])).toEqual([
      ['audio/s1-input.wav', 's1', 'input'],
      ['audio/s1-A-r1.wav', 's1', 0],
      ['audio/s1-B-r1.wav', 's1', 1],
      ['audio/s2-input.wav', 's2', 'input'],
      ['audio/s2-A-r1.wav', 's2', 0],
      ['audio/s2-A-r2.wav', 's2', 1],
      ['audio/s2-B-r2.wav', 's2', 2],
      ['audio/s2-B-r2-2.wav', 's2', 3],
      ['audio/s3-input.wav', 's3', 'input'],
      ['audio/s4-A-r1.wav', 's4', 0],
      ['audio/s5-input.wav', 's5', 'input'],
    ]);
  });

  it('agrees with the audio lists of conversation.json', () => {
    const snapshot = conversationSnapshot();
    const listed = toConversationJson(snapshot).sentences.flatMap((s) => s.audio);
    expect(listed).toEqual(archiveAudioEntries(snapshot).map((e) => e.path));
  });

  it('skips input audio with no samples', () => {
    const sentence = { ...baseSentence('s1'), inputAudio: new Int16Array(0) };
    expect(archiveAudioEntries(withSentences([sentence]))).toEqual([]);
  });

  it('keeps paths inside audio/ whatever the sentence id', () => {
    const evil = { ...baseSentence('../../etc/passwd'), inputAudio: inputAudio(10, 100) };
    const slash = { ...baseSentence('a/b\\c'), inputAudio: inputAudio(10, 100) };
    const paths = archiveAudioEntries(withSentences([evil, slash])).map((e) => e.path);
    expect(paths).toEqual(['audio/______etc_passwd-input.wav', 'audio/a_b_c-input.wav']);
  });

  it('never gives two files the same path, even for ids that sanitize alike', () => {
    const a = { ...baseSentence('s/1'), inputAudio: inputAudio(10, 100) };
    const b = {
      ...baseSentence('s:1'),
      inputAudio: inputAudio(10, 100),
      speech: [speech('A', 1, 'en-US', 1), speech('A', 1, 'en-US', 2), speech('A', 1, 'en-US', 3)],
    };
    const paths = archiveAudioEntries(withSentences([a, b])).map((e) => e.path);
    expect(paths).toEqual([
      'audio/s_1-input.wav',
      'audio/s_1-input-2.wav',
      'audio/s_1-A-r1.wav',
      'audio/s_1-A-r1-2.wav',
      'audio/s_1-A-r1-3.wav',
    ]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

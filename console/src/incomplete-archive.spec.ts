import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { ConversationStore } from './conversation-store';
import {
  buildIncompleteArchive,
  incompleteFilename,
  type PageConversation,
} from './incomplete-archive';
import type { ServerMessage, TtsAudioMessage } from './protocol';
import { ReceivedRecord } from './received-record';

const WAV = Buffer.from('RIFF....WAVEfmt fake clip');

const messages: ServerMessage[] = [
  {
    type: 'asr_result',
    sentence_id: 's1',
    text: '¿Tiene fiebre?',
    language: 'es-ES',
    role: 'medic',
    start_ms: null,
    end_ms: null,
    source: 'text',
    confidence: null,
    low_confidence: false,
  },
  {
    type: 'translation_result',
    sentence_id: 's1',
    branch: 'A',
    source_language: 'es-ES',
    target_language: 'en-US',
    text: 'Do you have a fever?',
    back_translation: '¿Tiene fiebre?',
    fidelity: 0.92,
    revision: 1,
  },
  {
    type: 'tts_audio',
    sentence_id: 's1',
    branch: 'A',
    revision: 1,
    language: 'en-US',
    speed: 1,
    sample_rate: 22050,
    format: 'wav',
    audio_base64: WAV.toString('base64'),
  },
  { type: 'flag_ack', flag_id: 'f1', sentence_id: 's1', flag_type: 'mistranslation' },
  {
    type: 'asr_result',
    sentence_id: 's2',
    text: 'Since yesterday.',
    language: 'en-US',
    role: 'patient',
    start_ms: 100,
    end_ms: 900,
    source: 'audio',
    confidence: 0.8,
    low_confidence: false,
  },
] as ServerMessage[];

function pageConversation(): PageConversation {
  const store = new ConversationStore();
  const record = new ReceivedRecord(() => new Date('2026-11-26T19:15:04.000Z'));
  store.noteFlagSent('s1', 'mistranslation', 'fever or temperature?');
  for (const message of messages) {
    store.apply(message);
    record.note(message);
  }
  return {
    sessionId: '1a89f9de-0000-4000-8000-000000000000',
    startedAt: '2026-11-26T19:15:00.000Z',
    endedAt: '2026-11-26T19:16:30.500Z',
    medicLocale: 'es-ES',
    patientLocale: 'en-US',
    patientGender: 'female',
    enableDualDirection: true,
    sampleRate: 48000,
    sentences: store.ordered(),
    conversationFlags: store.conversationFlags,
    firstSeen: record.firstSeen,
    speech: record.speech,
    reason: 'connection_lost',
  };
}

describe('buildIncompleteArchive', () => {
  it('names the archive as the service does, marked incomplete', () => {
    expect(incompleteFilename(pageConversation())).toBe(
      'conversation-20261126T191500Z-1a89f9de-incomplete.zip',
    );
  });

  it('holds conversation.json marked incomplete, the transcript and the speech received', async () => {
    const archive = await buildIncompleteArchive(pageConversation());
    const zip = await JSZip.loadAsync(archive.bytes);
    expect(Object.keys(zip.files).sort()).toEqual([
      'audio/s1-A-r1.wav',
      'conversation.json',
      'transcript.txt',
    ]);

    const json = JSON.parse(await zip.file('conversation.json')!.async('string'));
    expect(json).toMatchObject({
      format_version: 1,
      incomplete: true,
      incomplete_reason: 'connection_lost',
      session: {
        id: '1a89f9de-0000-4000-8000-000000000000',
        started_at: '2026-11-26T19:15:00.000Z',
        ended_at: '2026-11-26T19:16:30.500Z',
        duration_seconds: 90.5,
      },
      languages: {
        medic: { locale: 'es-ES', name: 'Spanish' },
        patient: { locale: 'en-US', name: 'English', gender: 'female', age_category: null },
      },
      enable_dual_direction: true,
      sample_rate: 48000,
      flags: [
        {
          flag_id: 'f1',
          flag_type: 'mistranslation',
          sentence_id: 's1',
          note: 'fever or temperature?',
        },
      ],
      corrections: [],
      metrics: null,
    });
    expect(json.sentences).toHaveLength(2);
    expect(json.sentences[0]).toMatchObject({
      sentence_id: 's1',
      source: 'text',
      detected_at: '2026-11-26T19:15:04.000Z',
      text: '¿Tiene fiebre?',
      role: 'medic',
      status: 'processed',
      translations: [
        {
          revision: 1,
          text: 'Do you have a fever?',
          fidelity: 0.92,
          back_translation: '¿Tiene fiebre?',
        },
      ],
      audio: ['audio/s1-A-r1.wav'],
      speech: [{ branch: 'A', revision: 1, language: 'en-US', path: 'audio/s1-A-r1.wav' }],
    });
    // The second sentence was still being translated when the connection went.
    expect(json.sentences[1]).toMatchObject({
      sentence_id: 's2',
      text: 'Since yesterday.',
      role: 'patient',
      status: 'pending',
      translations: [],
      audio: [],
    });

    const wav = await zip.file('audio/s1-A-r1.wav')!.async('nodebuffer');
    expect(wav.equals(WAV)).toBe(true);

    const transcript = await zip.file('transcript.txt')!.async('string');
    const lines = transcript.split('\n');
    expect(lines[0]).toMatch(/^INCOMPLETE/);
    expect(transcript).toContain('[00:04] s1 MEDIC (es-ES, typed): ¿Tiene fiebre?');
    expect(transcript).toContain(
      '    Machine translation (en-US, fidelity 92%): Do you have a fever?',
    );
    expect(transcript).toContain('    Flag f1, mistranslation: fever or temperature?');
    expect(transcript).toContain(
      's2 PATIENT (en-US): Since yesterday. (processing had not finished when the connection was lost)',
    );
  });

  it('gives a second clip of the same branch and revision its own path', async () => {
    const page = pageConversation();
    const again = { ...(page.speech[0] as TtsAudioMessage), speed: 0.8 };
    page.speech = [...page.speech, again];
    const zip = await JSZip.loadAsync((await buildIncompleteArchive(page)).bytes);
    expect(zip.file('audio/s1-A-r1-2.wav')).not.toBeNull();
  });
});

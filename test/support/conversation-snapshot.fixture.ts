/**
 * A realistic finished conversation for the archive specs (not used by the service).
 *
 * French-speaking medic, English-speaking patient (female, senior), dual direction on, an hour:
 * - s1: medic, audio; translation with back-translation and fidelity, reformulation, speech for
 *   A and B, a branch C result; flagged as a mistranslation.
 * - s2: audio recognized with low confidence, first attributed to the patient, corrected to the
 *   medic: two revisions, speech for A r1, A r2 and B r2 twice (the second at another speed);
 *   flagged as wrong speaker.
 * - s3: audio in which recognition found no text (empty), input audio only.
 * - s4: typed by the patient (no audio, two lines); speech for A, synthesis of B failed.
 * - s5: unknown speaker; branch C skipped, back-translation failed (no fidelity).
 * - f3: a flag on the whole conversation.
 */
import { encodeWav } from '../../src/audio/wav-encoder.js';
import { newSentenceRecord } from '../../src/orchestrator/conversation/sentence-record.js';
import type {
  ConversationSnapshot,
  SentenceRecord,
  SynthesizedSpeech,
} from '../../src/orchestrator/conversation/conversation.types.js';

export const SESSION_ID = '7f3c2a1e-9b4d-4c2a-8e1f-0a1b2c3d4e5f';
export const STARTED_AT = '2026-06-22T14:03:05.120Z';
export const ENDED_AT = '2026-06-22T15:05:15.480Z'; // 1 h 02 min 10.36 s later

/** `at` seconds after the session start, ISO 8601 UTC. */
export function at(seconds: number): string {
  return new Date(Date.parse(STARTED_AT) + seconds * 1000).toISOString();
}

/** A tone of `ms` milliseconds at 16 kHz, 16-bit: stands for recorded speech. */
export function inputAudio(ms: number, frequency: number): Int16Array {
  const samples = new Int16Array(16 * ms);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * frequency * i) / 16000));
  }
  return samples;
}

/** A synthesized speech: a short RIFF WAV whose samples differ per call (`seed`). */
export function speech(
  branch: 'A' | 'B',
  revision: number,
  language: string,
  seed: number,
  speed = 1,
): SynthesizedSpeech {
  const samples = new Float32Array(2205); // 0.1 s at 22050 Hz
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((seed + 1) * i * 0.01);
  return {
    branch,
    revision,
    language,
    speed,
    sampleRate: 22050,
    wav: new Uint8Array(encodeWav(samples, 22050)),
  };
}

/** A processed sentence of the medic in French, with what `fields` sets. */
export function sentenceRecord(
  fields: Partial<SentenceRecord> & Pick<SentenceRecord, 'id' | 'source'>,
): SentenceRecord {
  return newSentenceRecord({
    detectedAt: STARTED_AT,
    text: '',
    language: 'fr-FR',
    role: 'medic',
    status: 'processed',
    ...fields,
  });
}

/** A fresh snapshot (new objects on each call, so a spec may alter its copy). */
export function conversationSnapshot(): ConversationSnapshot {
  const s1 = sentenceRecord({
    id: 's1',
    source: 'audio',
    detectedAt: at(7.4),
    startMs: 4200,
    endMs: 6900,
    inputAudio: inputAudio(500, 220),
    text: 'Bonjour madame, où avez-vous mal ?',
    language: 'fr-FR',
    confidence: 0.912,
    role: 'medic',
    translations: [
      {
        origin: 'machine',
        revision: 1,
        sourceLanguage: 'fr-FR',
        targetLanguage: 'en-US',
        text: 'Hello madam, where does it hurt?',
        backTranslation: 'Bonjour madame, où est-ce que ça fait mal ?',
        fidelity: 0.9234,
      },
    ],
    reformulations: [
      { revision: 1, language: 'en-US', text: 'Hello. Can you show me where you feel pain?' },
    ],
    speech: [speech('A', 1, 'en-US', 1), speech('B', 1, 'en-US', 2)],
    alternates: [
      {
        assumedRole: 'patient',
        sourceLanguage: 'en-US',
        targetLanguage: 'fr-FR',
        text: 'Bonjour madame, où avez-vous mal ?',
      },
    ],
  });

  const s2 = sentenceRecord({
    id: 's2',
    source: 'audio',
    detectedAt: at(21.9),
    startMs: 18000,
    endMs: 21400,
    inputAudio: inputAudio(300, 330),
    text: "Respirez profondément, s'il vous plaît.",
    language: 'fr-FR',
    confidence: 0.384,
    lowConfidence: true,
    role: 'medic',
    revision: 2,
    translations: [
      {
        origin: 'machine',
        revision: 1,
        sourceLanguage: 'en-US',
        targetLanguage: 'fr-FR',
        text: "Respirez profondément, s'il vous plaît.",
        backTranslation: 'Breathe deeply please.',
        fidelity: 0.31,
      },
      {
        origin: 'machine',
        revision: 2,
        sourceLanguage: 'fr-FR',
        targetLanguage: 'en-US',
        text: 'Breathe in deeply, please.',
        backTranslation: "Respirez profondément, s'il vous plaît.",
        fidelity: 1,
      },
    ],
    reformulations: [
      { revision: 1, language: 'fr-FR', text: 'Prenez une grande inspiration.' },
      { revision: 2, language: 'en-US', text: 'Take a big, slow breath in, please.' },
    ],
    speech: [
      speech('A', 1, 'fr-FR', 3),
      speech('A', 2, 'en-US', 4),
      speech('B', 2, 'en-US', 5),
      speech('B', 2, 'en-US', 6, 0.8),
    ],
    branchCSkipped: [],
  });

  const s3 = sentenceRecord({
    id: 's3',
    source: 'audio',
    detectedAt: at(40),
    startMs: 37500,
    endMs: 39800,
    inputAudio: inputAudio(200, 50),
    text: '',
    language: 'en-US',
    role: 'unknown',
    status: 'empty',
  });

  const s4 = sentenceRecord({
    id: 's4',
    source: 'text',
    detectedAt: at(65.2),
    text: 'I am allergic to penicillin.\nAnd to latex.',
    language: 'en-US',
    role: 'patient',
    translations: [
      {
        origin: 'machine',
        revision: 1,
        sourceLanguage: 'en-US',
        targetLanguage: 'fr-FR',
        text: 'Je suis allergique à la pénicilline.\nEt au latex.',
        backTranslation: 'I am allergic to penicillin. And to latex.',
        fidelity: 0.875,
      },
    ],
    reformulations: [
      {
        revision: 1,
        language: 'fr-FR',
        text: 'La patiente signale une allergie à la pénicilline et au latex.',
      },
    ],
    speech: [speech('A', 1, 'fr-FR', 7)],
    errors: [{ service: 'TTS', message: 'Speech synthesis timed out' }],
  });

  const s5 = sentenceRecord({
    id: 's5',
    source: 'audio',
    detectedAt: at(3725.6), // past the hour: minutes go on counting
    startMs: 3722000,
    endMs: 3725000,
    inputAudio: inputAudio(250, 440),
    text: 'Thank you, doctor.',
    language: 'en-US',
    role: 'unknown',
    translations: [
      {
        revision: 1,
        sourceLanguage: 'en-US',
        targetLanguage: 'fr-FR',
        text: 'Merci, docteur.',
        origin: 'machine',
      },
    ],
    reformulations: [{ revision: 1, language: 'fr-FR', text: 'Merci, docteur.' }],
    branchCSkipped: ['unknown_speaker_role'],
    errors: [{ service: 'Back-translation', message: 'Back-translation unavailable' }],
  });

  return {
    sessionId: SESSION_ID,
    startedAt: STARTED_AT,
    endedAt: ENDED_AT,
    medic: { locale: 'fr-FR', name: 'French' },
    patient: { locale: 'en-US', name: 'English', gender: 'female', ageCategory: 'senior' },
    enableDualDirection: true,
    sampleRate: 48000,
    sentences: [s1, s2, s3, s4, s5],
    flags: [
      {
        id: 'f1',
        type: 'mistranslation',
        sentenceId: 's1',
        note: '"madam" sounds odd here',
        at: at(12),
      },
      { id: 'f2', type: 'wrong_speaker', sentenceId: 's2', at: at(24) },
      {
        id: 'f3',
        type: 'other',
        sentenceId: null,
        note: 'Patient seemed tired; check understanding again.',
        at: at(590),
      },
    ],
    corrections: [{ sentenceId: 's2', role: 'medic', previousRole: 'patient', at: at(25.5) }],
    metrics: {
      sentences_processed: 4,
      sentences_empty: 1,
      sentences_errored: 0,
      sentences_flagged: 2,
      peak_concurrent_pipelines: 3,
      warnings: 1,
      errors: 2,
    },
  };
}

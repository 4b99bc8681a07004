import { describe, expect, it } from '@jest/globals';
import { sessionOnChunks } from '../../../test/support/chunked-session.fixture.js';
import { quietLogger } from '../../../test/support/quiet-logger.js';
import {
  language,
  type RecordingTransport,
  unavailable,
} from '../../../test/support/session.fixture.js';
import { waitFor } from '../../../test/support/wait-for.js';
import { FIDELITY_MODEL } from '../pipeline/fidelity/fidelity-model.js';

/**
 * A session's sentences and what it sends of each: the results in pipeline order, and each
 * failure reported and got past. The numbering and the queue: session-order.spec.ts; the end of
 * a session: session-ending.spec.ts.
 */

const sentenceTypes = (transport: RecordingTransport, id: string) =>
  transport.sent
    .filter((m) => 'sentence_id' in m && m.sentence_id === id)
    .map((m) => m.type + ('branch' in m ? m.branch : ''));

describe('Session', () => {
  quietLogger();

  it('sends every result of a spoken sentence in pipeline order', async () => {
    const { transport, speak, exit } = sessionOnChunks();
    speak();
    await exit();
    expect(sentenceTypes(transport, 's1')).toEqual([
      'asr_result',
      'translation_resultA',
      'tts_audioA',
      'reformulation_resultB',
      'tts_audioB',
    ]);
    expect(transport.of('translation_result')[0]).toMatchObject({
      text: 'es: the patient has a fever',
      back_translation: 'en: es: the patient has a fever',
    });
    expect(transport.closed?.code).toBe(1000);
  });

  it('names the words the engine left untranslated, and only when there are some', async () => {
    const { transport, state, speak, exit } = sessionOnChunks();
    state.untranslated = (text) => (text.includes('jeun') ? ['jeun'] : []);
    speak();
    await waitFor(() => expect(transport.of('translation_result')).toHaveLength(1));
    state.asr = async () => ({ text: 'rester à jeun', locale: 'en-US', languageDecided: true });
    speak();
    await exit();
    const [clean, flagged] = transport.of('translation_result');
    expect(clean).not.toHaveProperty('untranslated_words');
    expect(flagged).toMatchObject({ untranslated_words: ['jeun'] });
  });

  it('records its events as metrics: branches, stages, outcomes and the session at its end', async () => {
    const { state, speak, exit, recorded } = sessionOnChunks();
    speak();
    await waitFor(() =>
      expect(recorded.filter((c) => c.startsWith('sentenceFinished'))).toHaveLength(1),
    );
    state.asr = async () => ({ text: '', locale: 'en-US', languageDecided: false });
    speak();
    await waitFor(() =>
      expect(recorded.filter((c) => c.startsWith('sentenceFinished'))).toHaveLength(2),
    );
    await exit();
    // Numbers (latencies, sizes) vary: each becomes n. Stages run side by side: any order.
    const names = recorded.map((call) => call.replace(/\d[\d.e-]*/g, 'n')).sort();
    expect(names).toEqual(
      [
        'backTranslated(true)',
        'speechSynthesized(n,n)',
        'reformulated(n)',
        'branchCompleted(A,n)',
        'speechSynthesized(n,n)',
        'branchCompleted(B,n)',
        'sentenceFinished(processed)',
        'sentenceFinished(empty)',
        'sessionEnded(object)',
      ].sort(),
    );
  });

  it('reports a failed recognition as an ASR error and goes on with the next sentence', async () => {
    const { transport, state, speak, exit, session } = sessionOnChunks();
    state.asr = async () => {
      throw unavailable('Transcription');
    };
    speak();
    await waitFor(() => expect(transport.of('error')).toHaveLength(1));
    state.asr = async () => ({ text: 'hello there', locale: 'en-US', languageDecided: true });
    speak();
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(2));
    const snapshot = session.snapshot();
    expect(transport.of('error')[0]).toMatchObject({
      service: 'ASR',
      sentence_id: 's1',
      message: expect.stringMatching(/fake.*is down.*Start it/),
    });
    expect(snapshot.metrics).toMatchObject({
      sentences_processed: 1,
      sentences_errored: 1,
      errors: 1,
    });
    await exit();
  });

  it('answers an empty recognition with sentence_empty and counts it', async () => {
    const { transport, state, speak, session, exit } = sessionOnChunks();
    state.asr = async () => ({ text: '', locale: 'en-US', languageDecided: false });
    speak();
    await waitFor(() => expect(transport.of('sentence_empty')).toHaveLength(1));
    expect(session.snapshot().metrics.sentences_empty).toBe(1);
    expect(transport.of('translation_result')).toEqual([]);
    await exit();
  });

  it('reports a failed translation, sends nothing more for the sentence, and goes on', async () => {
    const { transport, state, session, exit, calls } = sessionOnChunks();
    state.translate = async () => {
      throw unavailable('Translation');
    };
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await waitFor(() => expect(transport.of('error')).toHaveLength(1));
    expect(transport.of('error')[0]).toMatchObject({ service: 'Translation', sentence_id: 's1' });
    expect(calls.tts).toBe(0);
    expect(session.isActive).toBe(true);
    await exit();
  });

  it('sends the calibrated fidelity: a translation that lost its negation reads below the threshold', async () => {
    const { transport, state, session, exit } = sessionOnChunks();
    const faithful: Record<string, string> = {
      es: 'El paciente no tiene fiebre.',
      en: 'The patient does not have fever.',
    };
    const negationLost: Record<string, string> = {
      es: 'El paciente tiene fiebre.',
      en: 'The patient has fever.',
    };
    let answers = faithful;
    state.translate = async (_text, _s, target) => answers[target.iso6391];
    const say = { type: 'text_input', text: 'The patient has no fever.', role: 'patient' };
    session.handleText(JSON.stringify(say));
    await waitFor(() => expect(transport.of('translation_result')).toHaveLength(1));
    answers = negationLost;
    session.handleText(JSON.stringify(say));
    await waitFor(() => expect(transport.of('translation_result')).toHaveLength(2));
    const [kept, lost] = transport.of('translation_result') as { fidelity?: number }[];
    expect(kept.fidelity).toBeGreaterThanOrEqual(FIDELITY_MODEL.threshold);
    expect(lost.fidelity).toBeLessThan(FIDELITY_MODEL.threshold);
    expect(lost.fidelity).toBeGreaterThanOrEqual(0);
    await exit();
  });

  it('keeps the translation when its back-translation fails: a warning, no fidelity', async () => {
    const { transport, state, session, exit } = sessionOnChunks();
    state.translate = async (text, _s, target) => {
      if (target.iso6391 === 'en') throw unavailable('Translation');
      return `es: ${text}`;
    };
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(2));
    expect(sentenceTypes(transport, 's1')).toEqual([
      'asr_result',
      'error',
      'translation_resultA',
      'tts_audioA',
      'reformulation_resultB',
      'tts_audioB',
    ]);
    expect(transport.of('error')[0]).toMatchObject({ service: 'Back-translation' });
    const [a] = transport.of('translation_result');
    expect(a).not.toHaveProperty('back_translation');
    expect(a).not.toHaveProperty('fidelity');
    expect(session.snapshot().metrics).toMatchObject({
      sentences_processed: 1,
      sentences_errored: 0,
      warnings: 1,
    });
    await exit();
  });

  it('reports a failed synthesis of A as a TTS error and still sends the reformulation', async () => {
    const { transport, state, session, exit } = sessionOnChunks();
    const speak = state.tts;
    state.tts = async (request, signal) => {
      if (!request.text.endsWith('(plain)')) throw unavailable('TTS');
      return speak(request, signal);
    };
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(1));
    expect(sentenceTypes(transport, 's1')).toEqual([
      'asr_result',
      'translation_resultA',
      'error',
      'reformulation_resultB',
      'tts_audioB',
    ]);
    expect(transport.of('error')[0]).toMatchObject({ service: 'TTS', sentence_id: 's1' });
    expect(session.snapshot().metrics.sentences_errored).toBe(1);
    await exit();
  });

  it('reports a failed reformulation as a Reformulation error', async () => {
    const { transport, state, session, exit } = sessionOnChunks();
    state.paraphrase = async () => {
      throw unavailable('LLM');
    };
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await waitFor(() => expect(transport.of('error')).toHaveLength(1));
    expect(transport.of('error')[0]).toMatchObject({ service: 'Reformulation' });
    expect(transport.of('tts_audio')).toHaveLength(1);
    await exit();
  });

  it('does not speak an unchanged reformulation twice', async () => {
    const { transport, state, session, exit, calls } = sessionOnChunks();
    state.paraphrase = async ({ sentence }) => sentence;
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(2));
    expect(calls.tts).toBe(1);
    await exit();
  });

  it('keeps an identified language on correct_speaker, and moves an assumed one with it', async () => {
    const { transport, state, session, exit } = sessionOnChunks();
    const identified = language('en');
    state.asr = async () => ({ text: 'yes', locale: 'es-ES', languageDecided: false });
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    session.handleAudio(new Uint8Array(16000)); // "yes": too short to tell, taken as the medic's
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(4));
    session.handleText(
      JSON.stringify({ type: 'correct_speaker', sentence_id: 's1', role: 'medic' }),
    );
    session.handleText(
      JSON.stringify({ type: 'correct_speaker', sentence_id: 's2', role: 'patient' }),
    );
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(8));
    const revised = (id: string) =>
      transport.sent.find(
        (m) => m.type === 'translation_result' && m.sentence_id === id && m.revision === 2,
      );
    // English words said by the medic: English to the English-speaking patient, as they are.
    expect(revised('s1')).toMatchObject({
      source_language: identified.locale,
      target_language: identified.locale,
    });
    expect(revised('s1')).not.toHaveProperty('back_translation');
    expect(revised('s2')).toMatchObject({ source_language: 'en-US', target_language: 'es-ES' });
    expect(session.snapshot().sentences.map((s) => [s.role, s.language])).toEqual([
      ['medic', 'en-US'],
      ['patient', 'en-US'],
    ]);
    await exit();
  });

  it('reports a VAD failure as an ASR error and keeps the stream going', async () => {
    const { transport, segmenter, speak, exit } = sessionOnChunks();
    segmenter.failNext = true;
    speak();
    speak();
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(2));
    expect(transport.of('error')[0]).toMatchObject({ service: 'ASR' });
    expect(transport.of('error')[0]).not.toHaveProperty('sentence_id');
    await exit();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '../../../test/support/wait-for.js';
import { Logger } from '@nestjs/common';
import type { Sentence } from '../../audio/vad/sentence.js';
import type { SentenceSegmenter } from '../../audio/vad/sentence-segmenter.js';
import { ArchiveBuilder } from '../archive/archive-builder.js';
import { FIDELITY_MODEL } from '../pipeline/fidelity/fidelity-model.js';
import type { SessionLimits } from './session-settings.js';

import {
  fakes,
  language,
  openTestSession,
  RecordingTransport,
  unavailable,
} from '../../../test/support/session.fixture.js';

/**
 * A segmenter that turns each pushed chunk into one sentence; with `holding`, the sentence stays
 * in its closing silence until `cut` or `flush` takes it; with `delayMs`, each push takes time.
 */
class OneSentencePerChunk {
  position = 0;
  failNext = false;
  holding = false;
  delayMs = 0;
  private held: Sentence[] = [];
  async push(samples: Float32Array): Promise<Sentence[]> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('VAD exploded');
    }
    const startMs = this.position;
    this.position += samples.length / 16;
    const sentence: Sentence = {
      samples,
      startMs,
      endMs: this.position,
      speechStartMs: startMs,
      speechEndMs: this.position,
      end: 'silence',
    };
    if (!this.holding) return [sentence];
    this.held.push(sentence);
    return [];
  }
  async cut(): Promise<Sentence[]> {
    return this.held.splice(0).map((sentence) => ({ ...sentence, end: 'cut' as const }));
  }
  async flush(): Promise<Sentence[]> {
    return this.held.splice(0).map((sentence) => ({ ...sentence, end: 'flush' as const }));
  }
}

function setup(options: { limits?: Partial<SessionLimits>; archive?: ArchiveBuilder } = {}) {
  const engines = fakes();
  const transport = new RecordingTransport();
  const segmenter = new OneSentencePerChunk();
  const session = openTestSession(
    engines,
    transport,
    segmenter as unknown as SentenceSegmenter,
    options,
  );
  /** 0.5 s of audio: one sentence with the fake segmenter. */
  const speak = () => session.handleAudio(new Uint8Array(16000));
  const exit = async (archive = false) => {
    session.handleText(JSON.stringify({ type: 'conversation_exit', archive }));
    await session.closed;
  };
  return { session, transport, segmenter, speak, exit, ...engines };
}

const sentenceTypes = (transport: RecordingTransport, id: string) =>
  transport.sent
    .filter((m) => 'sentence_id' in m && m.sentence_id === id)
    .map((m) => m.type + ('branch' in m ? m.branch : ''));

/** `[sentence_id, source]` of each asr_result, in id order (results interleave). */
const sourcesById = (transport: RecordingTransport) =>
  transport.sent
    .flatMap((m) => (m.type === 'asr_result' ? [[m.sentence_id, m.source]] : []))
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)));

/** Jest fakes every timer API unless told otherwise: here only setTimeout and clearTimeout. */
const EXCEPT_TIMEOUTS = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'Temporal',
] as const;

describe('Session', () => {
  // The failures provoked here are logged by design; keep the test output readable.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends every result of a spoken sentence in pipeline order', async () => {
    const { transport, speak, exit } = setup();
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
    const { transport, state, speak, exit } = setup();
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
    const { state, speak, exit, recorded } = setup();
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
    const { transport, state, speak, exit, session } = setup();
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
    const { transport, state, speak, session, exit } = setup();
    state.asr = async () => ({ text: '', locale: 'en-US', languageDecided: false });
    speak();
    await waitFor(() => expect(transport.of('sentence_empty')).toHaveLength(1));
    expect(session.snapshot().metrics.sentences_empty).toBe(1);
    expect(transport.of('translation_result')).toEqual([]);
    await exit();
  });

  it('reports a failed translation, sends nothing more for the sentence, and goes on', async () => {
    const { transport, state, session, exit, calls } = setup();
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
    const { transport, state, session, exit } = setup();
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
    const { transport, state, session, exit } = setup();
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
    const { transport, state, session, exit } = setup();
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
    const { transport, state, session, exit } = setup();
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
    const { transport, state, session, exit, calls } = setup();
    state.paraphrase = async ({ sentence }) => sentence;
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(2));
    expect(calls.tts).toBe(1);
    await exit();
  });

  it('keeps an identified language on correct_speaker, and moves an assumed one with it', async () => {
    const { transport, state, session, exit } = setup();
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

  it('numbers speech in its closing silence before a typed sentence that follows it', async () => {
    const { transport, segmenter, session, speak, exit } = setup();
    segmenter.holding = true;
    speak(); // its silence is not over yet when the text arrives
    session.handleText(JSON.stringify({ type: 'text_input', text: 'la fiebre' }));
    speak();
    await exit();
    expect(sourcesById(transport)).toEqual([
      ['s1', 'audio'],
      ['s2', 'text'],
      ['s3', 'audio'],
    ]);
  });

  it('numbers a typed sentence after the audio sent before it, however long the VAD takes', async () => {
    const { transport, segmenter, session, speak, exit } = setup();
    segmenter.delayMs = 30;
    speak();
    speak();
    session.handleText(JSON.stringify({ type: 'text_input', text: 'la fiebre' }));
    // Messages are taken in the same order: this flag finds the typed sentence.
    session.handleText(JSON.stringify({ type: 'flag', flag_type: 'other', sentence_id: 's3' }));
    await exit();
    expect(sourcesById(transport)).toEqual([
      ['s1', 'audio'],
      ['s2', 'audio'],
      ['s3', 'text'],
    ]);
    expect(transport.of('flag_ack')).toEqual([
      { type: 'flag_ack', flag_id: 'f1', flag_type: 'other', sentence_id: 's3' },
    ]);
    expect(transport.of('error')).toEqual([]);
  });

  it('sends exit_acknowledged before refusing what follows conversation_exit', async () => {
    const { transport, segmenter, session, speak } = setup();
    segmenter.delayMs = 30;
    speak(); // still in the VAD when the exit arrives
    session.handleText(JSON.stringify({ type: 'conversation_exit', archive: false }));
    session.handleText(JSON.stringify({ type: 'set_speed', speed: 2 }));
    session.handleAudio(new Uint8Array(640));
    session.handleText('{');
    await session.closed;
    const types = transport.sent
      .filter((m) => m.type === 'exit_acknowledged' || m.type === 'error')
      .map((m) => ('message' in m ? m.message : m.type));
    expect(types).toEqual([
      'exit_acknowledged',
      'The session is ending: no more messages are taken.',
      'Audio after conversation_exit is ignored; the session is ending.',
      'A text frame must be a JSON object; this one is not valid JSON.',
    ]);
    expect(transport.of('exit_acknowledged')[0]).toMatchObject({
      pending_sentences: 1,
      reason: 'client',
    });
  });

  it('reports a VAD failure as an ASR error and keeps the stream going', async () => {
    const { transport, segmenter, speak, exit } = setup();
    segmenter.failNext = true;
    speak();
    speak();
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(2));
    expect(transport.of('error')[0]).toMatchObject({ service: 'ASR' });
    expect(transport.of('error')[0]).not.toHaveProperty('sentence_id');
    await exit();
  });

  it('runs at most SESSION_PIPELINE_CONCURRENCY sentences at once and pauses reading past the queue limit', async () => {
    const { transport, state, speak, session, exit } = setup();
    const pending: (() => void)[] = [];
    const asr = state.asr;
    let running = 0;
    let peak = 0;
    state.asr = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => pending.push(resolve));
      running--;
      return asr();
    };
    for (let i = 0; i < 5; i++) speak();
    await waitFor(() => expect(pending).toHaveLength(2));
    // 2 running, 3 waiting > SESSION_MAX_QUEUED_SENTENCES (2): the client is no longer read.
    expect(transport.paused).toBe(1);
    while (pending.length > 0 || running > 0) {
      pending.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await waitFor(() => expect(transport.of('tts_audio')).toHaveLength(10));
    expect(transport.resumed).toBe(1);
    expect(peak).toBe(2);
    expect(session.snapshot().metrics.peak_concurrent_pipelines).toBe(2);
    await exit();
  });

  it('sends the Conversation Archive error when the archive cannot be built, then closes', async () => {
    const failing = { build: async () => Promise.reject(new Error('zip failed')) };
    const { transport, session, exit } = setup({ archive: failing as unknown as ArchiveBuilder });
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await exit(true);
    expect(transport.of('conversation_archive')).toEqual([]);
    expect(transport.sent.at(-1)).toMatchObject({
      type: 'error',
      service: 'Conversation Archive',
    });
    expect(transport.closed?.code).toBe(1000);
  });

  it('abandons work still running past SESSION_DRAIN_TIMEOUT_MS and closes', async () => {
    const { transport, state, session, exit } = setup({ limits: { drainTimeoutMs: 50 } });
    let aborted = false;
    state.tts = (_request, signal) =>
      new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        }),
      );
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await exit(false);
    expect(aborted).toBe(true);
    expect(transport.of('error').at(-1)).toMatchObject({
      service: 'Session',
      message: expect.stringMatching(/1 sentence\(s\) did not finish.*SESSION_DRAIN_TIMEOUT_MS/),
    });
    expect(transport.closed?.code).toBe(1000);
  });

  it('on shutdown, waits for its sentences up to the grace period, then closes with 1001', async () => {
    const { transport, state, session } = setup();
    state.tts = () => new Promise(() => undefined); // never answers
    session.handleText(JSON.stringify({ type: 'text_input', text: 'the patient has a fever' }));
    await session.end(
      true,
      { reason: 'server_shutdown', notice: 'The server is shutting down.' },
      1001,
      {
        ms: 50,
        setting: 'SHUTDOWN_GRACE_MS',
      },
    );
    expect(transport.of('error').map((m) => 'message' in m && m.message)).toEqual([
      'The server is shutting down.',
      expect.stringMatching(/1 sentence\(s\) did not finish within 50 ms.*\(SHUTDOWN_GRACE_MS\)/),
    ]);
    expect(transport.of('exit_acknowledged')[0]).toMatchObject({ reason: 'server_shutdown' });
    expect(transport.of('conversation_archive')).toHaveLength(1);
    expect(transport.closed).toEqual({ code: 1001, reason: 'server shutting down' });
  });

  it('ends after SESSION_IDLE_TIMEOUT_MS without input, without archive', async () => {
    jest.useFakeTimers({ doNotFake: [...EXCEPT_TIMEOUTS] });
    const { transport, session } = setup({ limits: { idleTimeoutMs: 60_000 } });
    await jest.advanceTimersByTimeAsync(59_000);
    session.handleText(JSON.stringify({ type: 'set_speed', speed: 2 }));
    await jest.advanceTimersByTimeAsync(59_000);
    expect(transport.closed).toBeUndefined();
    await jest.advanceTimersByTimeAsync(2_000);
    jest.useRealTimers();
    await session.closed;
    expect(transport.of('exit_acknowledged')).toEqual([
      {
        type: 'exit_acknowledged',
        archive: false,
        pending_sentences: 0,
        reason: 'idle_timeout',
      },
    ]);
    expect(transport.of('conversation_archive')).toEqual([]);
    expect(transport.closed?.code).toBe(1000);
  });

  it('ends at SESSION_MAX_DURATION_MS with its archive', async () => {
    jest.useFakeTimers({ doNotFake: [...EXCEPT_TIMEOUTS] });
    const { transport, session } = setup({ limits: { maxDurationMs: 600_000 } });
    for (let halfMinute = 0; halfMinute < 20; halfMinute++) {
      session.handleText(JSON.stringify({ type: 'set_speed', speed: 1 }));
      await jest.advanceTimersByTimeAsync(30_000);
    }
    jest.useRealTimers();
    await session.closed;
    expect(transport.of('error')[0]).toMatchObject({
      service: 'Session',
      message: expect.stringMatching(/maximum duration of 10 minutes/),
    });
    expect(transport.of('conversation_archive')).toHaveLength(1);
  });

  it('releases what it held when the connection drops', async () => {
    const { session, speak, transport } = setup();
    speak();
    session.transportClosed();
    await session.closed;
    const sentBefore = transport.sent.length;
    speak();
    session.handleText(JSON.stringify({ type: 'set_speed', speed: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.sent.length).toBe(sentBefore);
    expect(session.snapshot().sentences).toEqual([]);
  });
});

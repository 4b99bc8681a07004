import { describe, expect, it } from '@jest/globals';
import { sessionOnChunks } from '../../../test/support/chunked-session.fixture.js';
import { quietLogger } from '../../../test/support/quiet-logger.js';
import type { RecordingTransport } from '../../../test/support/session.fixture.js';
import { waitFor } from '../../../test/support/wait-for.js';

/**
 * The order and pace of a session's input: sentences numbered in the order they were given,
 * audio and text alike, and at most so many at once before the client is no longer read.
 */

/** `[sentence_id, source]` of each asr_result, in id order (results interleave). */
const sourcesById = (transport: RecordingTransport) =>
  transport.sent
    .flatMap((m) => (m.type === 'asr_result' ? [[m.sentence_id, m.source]] : []))
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)));

describe('Session', () => {
  quietLogger();

  it('numbers speech in its closing silence before a typed sentence that follows it', async () => {
    const { transport, segmenter, session, speak, exit } = sessionOnChunks();
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
    const { transport, segmenter, session, speak, exit } = sessionOnChunks();
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

  it('runs at most SESSION_PIPELINE_CONCURRENCY sentences at once and pauses reading past the queue limit', async () => {
    const { transport, state, speak, session, exit } = sessionOnChunks();
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
});

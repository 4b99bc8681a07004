import { describe, expect, it } from '@jest/globals';
import { newSentenceRecord } from '../conversation/sentence-record.js';
import { HeldReplies } from './held-replies.js';
import { SessionMetrics } from './session-metrics.js';
import { RecordingTransport } from '../../../test/support/session.fixture.js';

function setup(closed = false) {
  const transport = new RecordingTransport();
  const metrics = new SessionMetrics();
  const reported: string[] = [];
  const pipelineMetrics = {
    branchCompleted: (branch: string, seconds: number) => reported.push(`${branch} ${seconds}`),
    branchFailed: (branch: string) => reported.push(`failed ${branch}`),
    branchCSkipped: () => undefined,
    backTranslated: (ok: boolean) => reported.push(`back ${ok}`),
    speechSynthesized: () => reported.push('speech'),
    speechFailed: () => undefined,
    reformulated: () => undefined,
    reformulationFailed: () => undefined,
  };
  const held = new HeldReplies(transport, metrics, () => closed, pipelineMetrics);
  const record = newSentenceRecord({
    id: 's1',
    source: 'audio',
    detectedAt: '',
    text: '',
    language: 'en-US',
    role: 'unknown',
    status: 'pending',
  });
  return { transport, metrics, held, record, reported };
}

describe('HeldReplies', () => {
  it("holds the pipeline's metrics too: replayed at release, a branch done before detection at 0 s", () => {
    const { held, reported } = setup();
    held.metrics.backTranslated(true);
    held.metrics.branchCompleted('A', 0.3);
    expect(reported).toEqual([]);
    const detected = new Date(Date.now() + 60_000).toISOString(); // the sentence ends later
    held.release((message) => message, detected);
    expect(reported).toEqual(['back true', 'A 0']);
    held.metrics.speechSynthesized(10, 100);
    expect(reported).toEqual(['back true', 'A 0', 'speech']);
  });

  it("forgets the pipeline's metrics of dropped work", () => {
    const { held, reported } = setup();
    held.metrics.branchFailed('A');
    held.drop();
    held.metrics.branchCompleted('B', 0.1);
    held.release((message) => message, new Date().toISOString());
    expect(reported).toEqual([]);
  });

  it('holds messages and counts until released, then sends them in order, amended', () => {
    const { transport, metrics, held, record } = setup();
    held.replies.send({ kind: 'empty', sentence: record });
    held.replies.fail(record, 'Translation', 'no engine');
    held.replies.warn(record, 'Back-translation', 'no engine');
    expect(transport.sent).toEqual([]);
    expect(metrics).toMatchObject({ errors: 0, warnings: 0 });
    held.release(
      (message) =>
        message.type === 'error' ? { ...message, message: `${message.message}!` } : message,
      new Date().toISOString(),
    );
    expect(transport.sent.map((m) => m.type)).toEqual(['sentence_empty', 'error', 'error']);
    expect(transport.sent[1]).toMatchObject({ message: 'no engine!' });
    expect(metrics).toMatchObject({ errors: 1, warnings: 1 });
    // After the release: straight through, counted at once.
    held.replies.fail(record, 'TTS', 'no voice');
    expect(transport.sent).toHaveLength(4);
    expect(metrics.errors).toBe(2);
  });

  it('after drop, sends and counts nothing, before or after', () => {
    const { transport, metrics, held, record } = setup();
    held.replies.fail(record, 'Translation', 'no engine');
    held.drop();
    held.replies.warn(record, 'Back-translation', 'no engine');
    held.release((message) => message, new Date().toISOString());
    expect(transport.sent).toEqual([]);
    expect(metrics).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('sends nothing held if the session closed before the release', () => {
    let closed = false;
    const transport = new RecordingTransport();
    const held = new HeldReplies(transport, new SessionMetrics(), () => closed, {
      branchCompleted: () => undefined,
      branchFailed: () => undefined,
      branchCSkipped: () => undefined,
      backTranslated: () => undefined,
      speechSynthesized: () => undefined,
      speechFailed: () => undefined,
      reformulated: () => undefined,
      reformulationFailed: () => undefined,
    });
    held.replies.sessionError('held');
    closed = true;
    held.release((message) => message, new Date().toISOString());
    expect(transport.sent).toEqual([]);
  });

  it('sends nothing once the session is closed', () => {
    const { transport, held, record } = setup(true);
    held.replies.send({ kind: 'empty', sentence: record });
    held.release((message) => message, new Date().toISOString());
    expect(transport.sent).toEqual([]);
  });
});

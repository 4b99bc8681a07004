import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { sessionOnChunks } from '../../../test/support/chunked-session.fixture.js';
import { quietLogger } from '../../../test/support/quiet-logger.js';
import type { ArchiveBuilder } from '../archive/archive-builder.js';

/**
 * The end of a session: at the client's conversation_exit, at shutdown, idle or too long, or
 * when the connection drops; what it still sends then, and what it no longer takes.
 */

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
  quietLogger();
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends exit_acknowledged before refusing what follows conversation_exit', async () => {
    const { transport, segmenter, session, speak } = sessionOnChunks();
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

  it('sends the Conversation Archive error when the archive cannot be built, then closes', async () => {
    const failing = { build: async () => Promise.reject(new Error('zip failed')) };
    const { transport, session, exit } = sessionOnChunks({
      archive: failing as unknown as ArchiveBuilder,
    });
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
    const { transport, state, session, exit } = sessionOnChunks({ limits: { drainTimeoutMs: 50 } });
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
    const { transport, state, session } = sessionOnChunks();
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
    const { transport, session } = sessionOnChunks({ limits: { idleTimeoutMs: 60_000 } });
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
    const { transport, session } = sessionOnChunks({ limits: { maxDurationMs: 600_000 } });
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
    const { session, speak, transport } = sessionOnChunks();
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

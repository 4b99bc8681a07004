import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import type { ServerMessage } from '../protocol/server-messages.js';
import type { Session } from './session.js';
import { type HandshakeChecks, SessionConnection } from './session-connection.js';
import type { SessionSettings } from '../protocol/session-settings.js';
import type { SessionTransport } from './session-transport.js';

function harness(openDelayMs: number, openFailure?: Error) {
  const sent: ServerMessage[] = [];
  const closes: number[] = [];
  const transport: SessionTransport = {
    send: (message) => (sent.push(message), true),
    close: (code) => void closes.push(code),
    pauseInput: () => undefined,
    resumeInput: () => undefined,
  };
  const handled: string[] = [];
  const session = {
    handleText: (text: string) => handled.push(text),
    handleAudio: () => handled.push('audio'),
    transportClosed: () => handled.push('closed'),
  } as unknown as Session;
  const handshakes: HandshakeChecks = {
    timeoutMs: 100,
    parse: (frame) =>
      frame.startsWith('{')
        ? { ok: true, handshake: JSON.parse(frame) }
        : { ok: false, reason: 'invalid_json', message: 'not JSON' },
    resolve: async () => {
      await new Promise((resolve) => setTimeout(resolve, openDelayMs));
      if (openFailure) throw openFailure;
      return {
        ok: true,
        settings: {} as SessionSettings,
        reply: { type: 'speed_updated', speed: 1 },
      };
    },
    rejected: () => undefined,
  };
  let released = 0;
  const connection = new SessionConnection(
    handshakes,
    { open: () => session },
    transport,
    () => released++,
  );
  /** What a shutdown does to a session: records it, as Session.end would be called. */
  const end = async (ended: Session) => {
    expect(ended).toBe(session);
    handled.push('ended');
  };
  return { connection, sent, closes, handled, end, released: () => released };
}

const HANDSHAKE = '{"language_medic":"es","language_patient":"en"}';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SessionConnection', () => {
  it('rejects a client that sends no handshake within the timeout (1008)', async () => {
    const { sent, closes } = harness(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sent).toMatchObject([{ type: 'error', service: 'Handshake', reason: 'timeout' }]);
    expect(closes).toEqual([1008]);
  });

  it('does not count the server’s own time to open the session against the client', async () => {
    const { connection, sent, closes } = harness(300);
    connection.onText('{"language_medic":"es","language_patient":"en"}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(closes).toEqual([]);
    expect(sent).toEqual([{ type: 'speed_updated', speed: 1 }]);
  });

  it('keeps the frames sent while the session opens, and gives them to it in order', async () => {
    const { connection, handled, released } = harness(50);
    connection.onText('{"language_medic":"es","language_patient":"en"}');
    connection.onBinary(new Uint8Array(2));
    connection.onText('{"type":"set_speed","speed":2}');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handled).toEqual(['audio', '{"type":"set_speed","speed":2}']);
    expect(released()).toBe(1);
  });

  it('tells a client that sent no handshake yet that the server is shutting down (1001)', async () => {
    const { connection, sent, closes, end, released } = harness(0);
    await connection.shutDown(end, Date.now() + 1000);
    expect(sent).toMatchObject([{ type: 'error', service: 'Session' }]);
    expect((sent[0] as { message: string }).message).toMatch(/shutting down; connect again/);
    expect(closes).toEqual([1001]);
    expect(released()).toBe(1);
    await sleep(150); // past the handshake timeout: no second close
    expect(closes).toEqual([1001]);
  });

  it('lets a handshake being checked at shutdown open its session, then ends it', async () => {
    const { connection, sent, closes, handled, end } = harness(50);
    connection.onText(HANDSHAKE);
    connection.onText('{"type":"text_input","text":"hola"}');
    await connection.shutDown(end, Date.now() + 1000);
    expect(sent).toEqual([{ type: 'speed_updated', speed: 1 }]);
    // The frames sent meanwhile reach the session before it is ended.
    expect(handled).toEqual(['{"type":"text_input","text":"hola"}', 'ended']);
    expect(closes).toEqual([]);
  });

  it('turns away a handshake still being checked at the shutdown deadline', async () => {
    const { connection, sent, closes, handled, end } = harness(200);
    connection.onText(HANDSHAKE);
    await connection.shutDown(end, Date.now() + 50);
    expect(closes).toEqual([1001]);
    expect(sent).toMatchObject([{ type: 'error', service: 'Session' }]);
    await sleep(250);
    expect(handled).toEqual(['closed']); // the session opened late is released at once
    expect(sent).toHaveLength(1);
  });

  it('ends the session of a connection that has one', async () => {
    const { connection, handled, end } = harness(0);
    connection.onText(HANDSHAKE);
    await sleep(20);
    await connection.shutDown(end, Date.now() + 1000);
    expect(handled).toEqual(['ended']);
  });

  it('answers a failure of the server while opening with 1013, without crashing', async () => {
    const failure = new EngineUnavailableError('TTS', 'espeak-ng', 'has no working voice.');
    const { connection, sent, closes, released } = harness(0, failure);
    Logger.overrideLogger(false);
    try {
      connection.onText(HANDSHAKE);
      await sleep(20);
    } finally {
      Logger.overrideLogger(['log', 'error', 'warn']);
    }
    expect(sent).toEqual([
      {
        type: 'error',
        service: 'Session',
        message: "TTS engine 'espeak-ng': has no working voice.",
      },
    ]);
    expect(closes).toEqual([1013]);
    expect(released()).toBe(1);
  });
});

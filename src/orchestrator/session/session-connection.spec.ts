import type { ServerMessage } from '../protocol/server-messages.js';
import type { Session } from './session.js';
import { SessionConnection, type SessionOpener } from './session-connection.js';
import type { SessionTransport } from './session-transport.js';

function harness(openDelayMs: number) {
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
  const opener: SessionOpener = {
    handshakeTimeoutMs: 100,
    parseHandshake: (frame) =>
      frame.startsWith('{')
        ? { ok: true, handshake: JSON.parse(frame) }
        : { ok: false, reason: 'invalid_json', message: 'not JSON' },
    open: async () => {
      await new Promise((resolve) => setTimeout(resolve, openDelayMs));
      return { ok: true, session, success: { type: 'speed_updated', speed: 1 } };
    },
    rejected: () => undefined,
  };
  let released = 0;
  const connection = new SessionConnection(opener, transport, () => released++);
  return { connection, sent, closes, handled, released: () => released };
}

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
});

import { describe, expect, it, jest } from '@jest/globals';
import type { WebSocket } from 'ws';
import { WsSessionTransport } from './ws-session-transport.js';

/** The part of a `ws` socket the transport uses. */
function fakeSocket(bufferedAmount = 0) {
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    sent: [] as string[],
    closed: undefined as { code: number; reason: string } | undefined,
    terminated: false,
    paused: false,
    send(data: string) {
      this.sent.push(data);
    },
    close(code: number, reason: string) {
      this.closed = { code, reason };
      this.readyState = 2;
    },
    terminate() {
      this.terminated = true;
    },
    pause() {
      this.paused = true;
    },
    resume() {
      this.paused = false;
    },
  };
  return socket;
}

describe('WsSessionTransport', () => {
  it('sends messages as JSON text frames', () => {
    const socket = fakeSocket();
    const transport = new WsSessionTransport(socket as unknown as WebSocket, 1024);
    expect(transport.send({ type: 'speed_updated', speed: 2 })).toBe(true);
    expect(socket.sent).toEqual(['{"type":"speed_updated","speed":2}']);
  });

  it('closes with 1008 instead of queueing more for a client that does not read, then drops it', () => {
    jest.useFakeTimers();
    const socket = fakeSocket(2048);
    const transport = new WsSessionTransport(socket as unknown as WebSocket, 1024);
    expect(transport.send({ type: 'speed_updated', speed: 2 })).toBe(false);
    expect(socket.sent).toEqual([]);
    expect(socket.closed).toEqual({ code: 1008, reason: 'client is not reading its messages' });
    expect(socket.terminated).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(socket.terminated).toBe(true);
    jest.useRealTimers();
  });

  it('sends nothing once the socket is no longer open', () => {
    const socket = fakeSocket();
    socket.readyState = 3;
    const transport = new WsSessionTransport(socket as unknown as WebSocket, 1024);
    expect(transport.send({ type: 'speed_updated', speed: 2 })).toBe(false);
    transport.close(1000, 'done');
    expect(socket.closed).toBeUndefined();
  });

  it('pauses and resumes reading the client', () => {
    const socket = fakeSocket();
    const transport = new WsSessionTransport(socket as unknown as WebSocket, 1024);
    transport.pauseInput();
    expect(socket.paused).toBe(true);
    transport.resumeInput();
    expect(socket.paused).toBe(false);
  });
});

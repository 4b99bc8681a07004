import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { keepAlive } from './heartbeat.js';

/** The part of a `ws` socket the heartbeat uses. */
class FakeSocket extends EventEmitter {
  isPaused = false;
  pings = 0;
  terminated = false;
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
  }
}

describe('keepAlive', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const start = () => {
    const socket = new FakeSocket();
    keepAlive(socket as unknown as WebSocket, 1000);
    return socket;
  };

  it('pings every interval and keeps a connection that answers', () => {
    const socket = start();
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(1000);
      socket.emit('pong');
    }
    expect(socket.pings).toBe(5);
    expect(socket.terminated).toBe(false);
  });

  it('drops a connection that missed a pong', () => {
    const socket = start();
    jest.advanceTimersByTime(1000);
    expect(socket.terminated).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(socket.terminated).toBe(true);
  });

  it('does not count intervals while the server has paused reading the socket', () => {
    const socket = start();
    jest.advanceTimersByTime(1000); // ping sent
    socket.isPaused = true; // backpressure: the pong cannot be read
    jest.advanceTimersByTime(10_000);
    expect(socket.terminated).toBe(false);
    socket.isPaused = false;
    jest.advanceTimersByTime(1000); // a new ping
    socket.emit('pong');
    jest.advanceTimersByTime(1000);
    expect(socket.terminated).toBe(false);
  });

  it('stops when the connection closes', () => {
    const socket = start();
    socket.emit('close');
    jest.advanceTimersByTime(5000);
    expect(socket.pings).toBe(0);
  });
});

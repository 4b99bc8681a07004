import { describe, expect, it, jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { answerHttpParserErrors, parserAnswer, parserAnswerBytes } from './http-parser-errors.js';

/** A socket stand-in: records what the handler writes, ends or destroys. */
function fakeSocket(writable = true) {
  return { writable, end: jest.fn(), destroy: jest.fn() };
}

function parserError(code: string): Error & { code: string } {
  return Object.assign(new Error('Parse Error'), { code });
}

describe('answerHttpParserErrors', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431],
    ['HPE_INVALID_METHOD', 400],
    ['HPE_INVALID_TRANSFER_ENCODING', 400],
    ['HPE_INVALID_CHUNK_SIZE', 400],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408],
    ['HPE_SOMETHING_NEW', 400],
  ])('answers %s with %i and a {detail} body, then closes', (code, status) => {
    const server = new EventEmitter();
    const refused = jest.fn();
    answerHttpParserErrors(server as Server, refused);
    const socket = fakeSocket();
    server.emit('clientError', parserError(code), socket);

    expect(socket.destroy).not.toHaveBeenCalled();
    const written = String(socket.end.mock.calls[0][0]);
    const [head, body] = written.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toContain('Content-Type: application/json');
    expect(head).toContain('Connection: close');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(typeof (JSON.parse(body) as { detail: unknown }).detail).toBe('string');
    expect(refused).toHaveBeenCalledWith(code, status);
  });

  it('only closes a socket that was reset, or can no longer be written to', () => {
    const server = new EventEmitter();
    const refused = jest.fn();
    answerHttpParserErrors(server as Server, refused);
    const reset = fakeSocket();
    const closing = fakeSocket(false);
    server.emit('clientError', parserError('ECONNRESET'), reset);
    server.emit('clientError', parserError('HPE_INVALID_METHOD'), closing);

    for (const socket of [reset, closing]) {
      expect(socket.destroy).toHaveBeenCalledTimes(1);
      expect(socket.end).not.toHaveBeenCalled();
    }
    expect(refused).not.toHaveBeenCalled();
  });

  it('says what to change for every known parser error', () => {
    for (const code of ['HPE_HEADER_OVERFLOW', 'HPE_INVALID_METHOD', 'HPE_INVALID_CHUNK_SIZE']) {
      expect(parserAnswer(code).detail).toMatch(/:/);
    }
    expect(parserAnswerBytes({ status: 431, detail: 'é' })).toContain('Content-Length: 15');
  });
});

import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** The `code` Node's HTTP parser (llhttp) puts on the errors it raises before Express sees a request. */
interface HttpParserError extends Error {
  code?: string;
}

interface ParserAnswer {
  status: number;
  detail: string;
}

/**
 * What each parser error means for the person who sent the request. Node itself would answer
 * these with a bare status line, without the decisions §3 `{detail}` body clients rely on.
 */
export function parserAnswer(code: string | undefined): ParserAnswer {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        detail:
          'The request line and headers are larger than the 16 KiB this server reads: send long values in a JSON body, not in the URL or a header.',
      };
    case 'HPE_INVALID_METHOD':
      return {
        status: 400,
        detail: 'Unknown HTTP method: this API answers GET and POST (see /docs).',
      };
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return {
        status: 400,
        detail:
          'The body length cannot be read: send either Content-Length or Transfer-Encoding: chunked, never both.',
      };
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 400,
        detail:
          'The chunked body is malformed: each chunk must start with its size in hexadecimal.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        detail: 'The request was not received in time: send the whole request without pausing.',
      };
    default:
      return {
        status: 400,
        detail: 'The request is not valid HTTP/1.1 and could not be read.',
      };
  }
}

/** The raw HTTP/1.1 answer written on the socket: the connection closes after it. */
export function parserAnswerBytes({ status, detail }: ParserAnswer): string {
  const body = JSON.stringify({ detail });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Answers the requests Node's HTTP parser refuses (headers over 16 KiB, unknown method, conflicting
 * lengths, broken chunks) with a 4xx and a `{detail}` body, as every other error of this API.
 * Nothing of the request is logged: only the parser's error code.
 */
export function answerHttpParserErrors(
  server: Server,
  onRefused: (code: string, status: number) => void = () => undefined,
): void {
  server.on('clientError', (error: HttpParserError, socket: Duplex) => {
    // A reset or a socket already closing has no one to answer; so has a request whose answer
    // had begun (Node's own rule: `_httpMessage._headerSent`).
    const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = parserAnswer(error.code);
    onRefused(error.code ?? 'unknown', answer.status);
    socket.end(parserAnswerBytes(answer));
  });
}

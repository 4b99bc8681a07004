import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import * as fc from 'fast-check';

/** One generated HTTP request, sent byte for byte as described. */
export interface FuzzRequest {
  readonly method: string;
  /** Already encoded as it goes on the request line (latin1 printable, no spaces). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** One buffer: sent with its Content-Length. Several: sent chunked, without Content-Length. */
  readonly body?: Buffer | readonly Buffer[];
  /** What the generator meant to send, for the report (e.g. `dto`, `malformed-json`). */
  readonly kind: string;
  /**
   * The answer the request must get, when the generator knows it: a known route under a method
   * it does not take is a 405 whose Allow header lists the route's methods.
   */
  readonly expected?: { readonly status: number; readonly allow: string };
}

export interface FuzzAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  readonly text: string;
  readonly ms: number;
}

export const bodyBytes = (request: FuzzRequest): Buffer =>
  request.body === undefined
    ? Buffer.alloc(0)
    : Buffer.isBuffer(request.body)
      ? request.body
      : Buffer.concat(request.body as Buffer[]);

/** A short, printable description of a request: what fast-check shows for a counterexample. */
export function describeRequest(request: FuzzRequest): string {
  const body = bodyBytes(request);
  const framing = Array.isArray(request.body) ? `, chunked in ${request.body.length}` : '';
  const preview = JSON.stringify(body.subarray(0, 400).toString('latin1'));
  const headers = JSON.stringify(request.headers);
  const path = request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path;
  return (
    `[${request.kind}] ${request.method} ${path} (${request.path.length} chars) headers ${headers} ` +
    `body ${body.length} bytes${framing}${body.length ? `: ${preview}${body.length > 400 ? '…' : ''}` : ''}`
  );
}

/** Gives a generated request a readable form in fast-check's reports (never a 1 MB dump). */
export function printable(request: FuzzRequest): FuzzRequest {
  return Object.defineProperty({ ...request }, fc.toStringMethod, {
    value: () => describeRequest(request),
    enumerable: false,
  });
}

/**
 * Sends `request` on a new connection and resolves with the whole answer; rejects when no
 * complete answer arrives within `timeoutMs`, or the connection fails before any answer.
 */
export function send(port: number, request: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  const started = performance.now();
  return new Promise<FuzzAnswer>((resolve, reject) => {
    let answered = false;
    let settled = false;
    const finish = (error: Error | undefined, answer?: FuzzAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    const headers: Record<string, string> = { ...request.headers };
    const body = request.body;
    if (Buffer.isBuffer(body) && !hasHeader(headers, 'content-length')) {
      headers['Content-Length'] = String(body.length);
    }
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers,
        agent: false,
        // Headers sent exactly as generated (Node would otherwise add none but Host/Connection).
        setHost: !hasHeader(headers, 'host'),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => finish(error));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          finish(undefined, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            text: all.toString('utf8'),
            ms: performance.now() - started,
          });
        });
      },
    );
    const timer = setTimeout(() => {
      finish(new Error(`no complete answer within ${timeoutMs} ms`));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (413) and close before the whole body is written: the answer counts.
      if (answered && (error.code === 'EPIPE' || error.code === 'ECONNRESET')) return;
      finish(new Error(`the connection failed before an answer: ${error.code ?? error.message}`));
    });
    if (body === undefined) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else {
      for (const chunk of body as Buffer[]) req.write(chunk);
      req.end();
    }
  });
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** The status, headers and body of a raw HTTP/1.1 answer, as text. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Writes `bytes` on a new TCP connection and parses the first answer: for requests Node's own
 * client refuses to send (unknown methods, headers over its limits, contradictory framing).
 */
export function sendRaw(
  port: number,
  bytes: Buffer | string,
  timeoutMs: number,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const colon = l.indexOf(':');
        if (colon > 0) headers[l.slice(0, colon).trim().toLowerCase()] = l.slice(colon + 1).trim();
      }
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
      });
    });
    socket.write(bytes);
  });
}

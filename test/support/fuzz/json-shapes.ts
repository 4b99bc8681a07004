/**
 * JSON requests of hostile shapes and sizes: over the body limit, empty, nested too deep, too
 * wide, or under another method.
 */
import * as fc from 'fast-check';
import { type FuzzRequest, printable } from './client.js';
import { MAX_JSON_BODY_BYTES } from './config.js';
import { JSON_HEADERS, type JsonEndpoint, jsonRequest, split } from './json.js';

/** Bodies around and over the route's limit, with a Content-Length or chunked. */
export function hugeRequest(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  const limit = endpoint.bodyLimit ?? MAX_JSON_BODY_BYTES;
  const field = Object.keys(endpoint.fields)[0];
  return fc
    .tuple(fc.constantFrom(-1, 0, 1, 2, 1000, 100_000, limit), fc.boolean())
    .map(([over, chunked]) => {
      const head = Buffer.from(`{"${field}":"`);
      const tail = Buffer.from('"}');
      const fill = Buffer.alloc(Math.max(0, limit + over - head.length - tail.length), 0x61);
      const body = Buffer.concat([head, fill, tail]);
      const kind = `huge ${over >= 0 ? '+' : ''}${over} bytes${chunked ? ' chunked' : ''}`;
      if (!chunked) return jsonRequest(endpoint.path, body, kind);
      return printable({
        method: 'POST',
        path: endpoint.path,
        headers: JSON_HEADERS,
        body: split(body, 8),
        kind,
      });
    });
}

/** No body, an empty body, whitespace. */
export function emptyRequest(path: string): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(
    printable({ method: 'POST', path, headers: {}, kind: 'no body' }),
    printable({
      method: 'POST',
      path,
      headers: JSON_HEADERS,
      body: Buffer.alloc(0),
      kind: 'empty body',
    }),
    printable({
      method: 'POST',
      path,
      headers: JSON_HEADERS,
      body: [Buffer.alloc(0)],
      kind: 'empty chunked',
    }),
    jsonRequest(path, ' \n\t ', 'blank body'),
    printable({
      method: 'POST',
      path,
      headers: { 'Content-Length': '0' },
      body: Buffer.alloc(0),
      kind: 'CL 0',
    }),
  );
}

/** JSON nested around and far past MAX_JSON_DEPTH (32), at the top or in a field. */
export function deepRequest(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  const field = Object.keys(endpoint.fields)[0];
  return fc
    .tuple(
      fc.constantFrom(30, 31, 32, 33, 34, 100, 1000, 10_000, 100_000),
      fc.constantFrom('array', 'object', 'mixed'),
      fc.constantFrom('top', 'field', 'extra'),
    )
    .map(([depth, shape, where]) => {
      const open = shape === 'array' ? '[' : shape === 'object' ? '{"a":' : '[{"a":';
      const close = shape === 'array' ? ']' : shape === 'object' ? '}' : '}]';
      const times = shape === 'mixed' ? Math.ceil(depth / 2) : depth;
      const nested = open.repeat(times) + '1' + close.repeat(times);
      const text =
        where === 'top'
          ? nested
          : where === 'field'
            ? `{"${field}":${nested}}`
            : `{"${field}":"a","deep":${nested}}`;
      return jsonRequest(endpoint.path, text, `deep ${depth} ${shape} ${where}`);
    });
}

/** Large arrays and objects with many keys, under the body limit, as the body or in a field. */
export function wideRequest(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  const field = Object.keys(endpoint.fields)[0];
  return fc
    .tuple(
      fc.constantFrom(1000, 50_000, 250_000),
      fc.constantFrom('array', 'keys', 'strings'),
      fc.boolean(),
    )
    .map(([n, shape, inField]) => {
      const items =
        shape === 'array'
          ? `[${'0,'.repeat(n - 1)}0]`
          : shape === 'strings'
            ? `[${'"a",'.repeat(Math.floor(n / 2) - 1)}"a"]`
            : `{${Array.from({ length: Math.floor(n / 8) }, (_, i) => `"k${i}":0`).join(',')}}`;
      const text = inField ? `{"${field}":${items}}` : items;
      return jsonRequest(endpoint.path, text, `wide ${n} ${shape}${inField ? ' in a field' : ''}`);
    });
}

/** The endpoint's path under another method. */
export function wrongMethodRequest(path: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'),
      fc.boolean(),
    )
    .map(([method, withBody]) =>
      printable({
        method,
        path,
        headers: withBody ? JSON_HEADERS : {},
        body: withBody ? Buffer.from('{"a":1}') : undefined,
        kind: 'wrong method',
        expected: { status: 405, allow: 'POST' },
      }),
    );
}

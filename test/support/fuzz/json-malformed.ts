/**
 * JSON bodies that are not what they claim: invalid or oddly valid text, bytes that are not
 * UTF-8, a wrong Content-Type, compressed, mislabelled or bomb bodies.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import * as fc from 'fast-check';
import type { FuzzRequest } from './client.js';
import { dtoEntries, entriesJson, JSON_HEADERS, type JsonEndpoint, jsonRequest } from './json.js';

/** Small edits that make JSON text invalid (or oddly valid: BOM, duplicated keys, 1e999). */
const TEXT_EDITS = [
  'truncate',
  'insert',
  'delete',
  'single-quotes',
  'append',
  'prepend',
  'replace-value',
] as const;
const INSERTS = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  "'",
  'x',
  '\u0000',
  'NaN',
  'Infinity',
  'undefined',
  '// c\n',
  '/*',
  '\\u12',
  '\\ud800',
  '\n',
  ',,',
  '{"a":',
];
const LITERALS = [
  '1e999',
  '-1e999',
  '-0',
  '123456789012345678901234567890',
  '0x10',
  '01',
  '.5',
  '1.',
  '+1',
  'tru',
  'nul',
  '"\\x41"',
  '"\\u00"',
];

function edit(text: string, kind: (typeof TEXT_EDITS)[number], at: number, pick: number): string {
  const p = text.length === 0 ? 0 : at % (text.length + 1);
  switch (kind) {
    case 'truncate':
      return text.slice(0, Math.min(p, Math.max(0, text.length - 1)));
    case 'insert':
      return text.slice(0, p) + INSERTS[pick % INSERTS.length] + text.slice(p);
    case 'delete':
      return text.slice(0, p) + text.slice(p + 1);
    case 'single-quotes':
      return text.replace(/"/g, "'");
    case 'append':
      return text + ['}', ' x', ',{}', '\u0000', '\n\n{}', ']'][pick % 6];
    case 'prepend':
      return ['\ufeff', ' \n', 'x', ")]}'\n", '\u0000'][pick % 5] + text;
    case 'replace-value': {
      const literal = LITERALS[pick % LITERALS.length];
      const replaced = text.replace(/:("(?:[^"\\]|\\.)*"|[^,}]*)/, `:${literal}`);
      return replaced === text ? `{"a":${literal}}` : replaced;
    }
  }
}

/** Near-valid JSON: a DTO body with one to three edits. */
export function malformedJsonRequest(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  const edits = fc.array(
    fc.tuple(fc.constantFrom(...TEXT_EDITS), fc.nat({ max: 100_000 }), fc.nat({ max: 100 })),
    { minLength: 1, maxLength: 3 },
  );
  const duplicate = fc
    .constant(Object.keys(endpoint.fields)[0])
    .map((field) =>
      jsonRequest(endpoint.path, `{"${field}":"a","${field}":5,"${field}":"b"}`, 'duplicate-keys'),
    );
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc.tuple(dtoEntries(endpoint), edits).map(([entries, steps]) => {
        const text = steps.reduce(
          (t, [kind, at, pick]) => edit(t, kind, at, pick),
          entriesJson(entries),
        );
        return jsonRequest(endpoint.path, text, 'malformed-json');
      }),
    },
    { weight: 1, arbitrary: duplicate },
    {
      weight: 2,
      arbitrary: fc
        .uint8Array({ maxLength: 200 })
        .map((bytes) => jsonRequest(endpoint.path, Buffer.from(bytes), 'random-bytes')),
    },
  );
}

/** Byte sequences that are not UTF-8. */
const INVALID_UTF8: readonly number[][] = [
  [0xff],
  [0xfe, 0xff],
  [0xc3, 0x28], // truncated two-byte sequence
  [0xc0, 0xaf], // overlong "/"
  [0xe0, 0x80, 0xaf], // overlong, three bytes
  [0xed, 0xa0, 0x80], // an encoded UTF-16 surrogate
  [0xf4, 0x90, 0x80, 0x80], // over U+10FFFF
  [0xe2, 0x82], // cut three-byte sequence
  [0x80], // continuation byte alone
  [0xf8, 0x88, 0x80, 0x80, 0x80], // five-byte form
];

/** A DTO body with bytes that are not UTF-8 inserted somewhere. */
export function invalidUtf8Request(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(dtoEntries(endpoint), fc.constantFrom(...INVALID_UTF8), fc.nat({ max: 100_000 }))
    .map(([entries, bytes, at]) => {
      const text = Buffer.from(entriesJson(entries), 'utf8');
      // Inside the first string value when there is one, else anywhere.
      const quote = text.indexOf(':"');
      const p = quote >= 0 && at % 2 === 0 ? quote + 2 : at % (text.length + 1);
      const body = Buffer.concat([text.subarray(0, p), Buffer.from(bytes), text.subarray(p)]);
      return jsonRequest(endpoint.path, body, 'invalid-utf8');
    });
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=UTF-8',
  'application/json; charset="utf-8"',
  'APPLICATION/JSON',
  'application/json;;',
  'application/vnd.api+json',
  'application/json-patch+json',
  'application/jsonp',
  'json',
  '',
  '*/*',
  'application/json, text/plain',
  '\u00ff/\u00fe',
];

/** A valid-looking body under a wrong, odd or missing Content-Type. */
export function contentTypeRequest(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(dtoEntries(endpoint), fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 8 }))
    .map(([entries, type]) =>
      jsonRequest(
        endpoint.path,
        entriesJson(entries),
        'content-type',
        type === null ? {} : { 'Content-Type': type },
      ),
    );
}

const bombs = new Map<number, Buffer>();
/** Gzip of a JSON body that inflates to `size` bytes (a few kB on the wire). */
function gzipBomb(size: number): Buffer {
  let bomb = bombs.get(size);
  if (!bomb) {
    bomb = gzipSync(
      Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(size, 0x20), Buffer.from('"}')]),
    );
    bombs.set(size, bomb);
  }
  return bomb;
}

/** Compressed bodies, mislabelled ones, unknown encodings and decompression bombs. */
export function contentEncodingRequest(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  const encodings = [
    'gzip',
    'deflate',
    'br',
    'gzip-mislabelled',
    'identity',
    'x-unknown',
    'gzip, gzip',
    'bomb',
  ] as const;
  return fc
    .tuple(dtoEntries(endpoint), fc.constantFrom(...encodings), fc.constantFrom(2, 24))
    .map(([entries, encoding, megabytes]) => {
      const plain = Buffer.from(entriesJson(entries), 'utf8');
      const headers = (value: string) => ({ ...JSON_HEADERS, 'Content-Encoding': value });
      const kind = `content-encoding ${encoding}`;
      switch (encoding) {
        case 'gzip':
          return jsonRequest(endpoint.path, gzipSync(plain), kind, headers('gzip'));
        case 'deflate':
          return jsonRequest(endpoint.path, deflateSync(plain), kind, headers('deflate'));
        case 'br':
          return jsonRequest(endpoint.path, brotliCompressSync(plain), kind, headers('br'));
        case 'gzip-mislabelled':
          return jsonRequest(endpoint.path, plain, kind, headers('gzip'));
        case 'gzip, gzip':
          return jsonRequest(endpoint.path, gzipSync(gzipSync(plain)), kind, headers('gzip, gzip'));
        case 'bomb':
          return jsonRequest(
            endpoint.path,
            gzipBomb(megabytes * 1024 * 1024),
            `gzip bomb ${megabytes} MB`,
            headers('gzip'),
          );
        default:
          return jsonRequest(endpoint.path, plain, kind, headers(encoding));
      }
    });
}

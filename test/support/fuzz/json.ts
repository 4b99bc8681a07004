import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import * as fc from 'fast-check';
import { type FuzzRequest, printable } from './client.js';
import { MAX_JSON_BODY_BYTES } from './config.js';
import { blankString, lengthAround, unusualString } from './strings.js';

/** One field of a request DTO, as the fuzz suite knows it. */
export interface FieldSpec {
  /** Values the DTO accepts, from a small pool (cheap for the engines to serve). */
  readonly valid: fc.Arbitrary<unknown>;
  /** Whether the DTO accepts `value`, to tell a generated body that should succeed. */
  readonly accepts: (value: unknown) => boolean;
  /** The length bound of interface §8, around which strings are generated. */
  readonly maxLength?: number;
  readonly optional?: boolean;
}

export interface JsonEndpoint {
  readonly path: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /**
   * Caps a string field of a body the DTO accepts (valid bodies reach the engines: a 5000-
   * character synthesis costs seconds). The bounds themselves are tried by fixed examples.
   */
  readonly costCap?: { readonly field: string; readonly max: number };
  /** Largest body the route parses (MAX_JSON_BODY_BYTES, or the audio limit). */
  readonly bodyLimit?: number;
}

/** A body as key/value pairs, in order: keys such as `__proto__` stay plain keys. */
export type Entries = ReadonlyArray<readonly [string, unknown]>;

export const entriesJson = (entries: Entries): string =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** A JSON request to `path` with `body` as its bytes. */
export function jsonRequest(
  path: string,
  body: string | Buffer,
  kind: string,
  headers: Record<string, string> = JSON_HEADERS,
  method = 'POST',
): FuzzRequest {
  return printable({
    method,
    path,
    headers,
    body: Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
    kind,
  });
}

/** Values of the wrong JSON type for any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -0, 1e308, -1e-320, Number.MAX_SAFE_INTEGER + 2),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 2 }),
);

/** Keys a DTO does not have: prototype names, case and spacing variants, odd characters. */
const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'TEXT',
    'text ',
    'source_lang',
    'Sentence',
    '$where',
    'a.b',
    '\u0000',
    '\ud800',
    '😀',
    'x'.repeat(1000),
  ),
  fc.string({ maxLength: 12 }),
);

/** A value for one field: mostly valid, else of the wrong type, an odd length or odd text. */
function fieldValue(spec: FieldSpec): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 10, arbitrary: spec.valid },
    { weight: 3, arbitrary: wrongType },
    { weight: 3, arbitrary: lengthAround(spec.maxLength ?? 64) },
    { weight: 2, arbitrary: unusualString() },
    { weight: 1, arbitrary: blankString },
  );
}

const MISSING = Symbol('missing');

/** Whether the DTO would accept these entries (then the request reaches an engine). */
export function acceptedBy(endpoint: JsonEndpoint, entries: Entries): boolean {
  const keys = new Set(entries.map(([key]) => key));
  if (keys.size !== entries.length) return false;
  for (const key of keys) if (!(key in endpoint.fields)) return false;
  return Object.entries(endpoint.fields).every(([name, spec]) => {
    const entry = entries.find(([key]) => key === name);
    return entry ? spec.accepts(entry[1]) : spec.optional === true;
  });
}

/**
 * Bodies built from the DTO's field names: each field valid, of the wrong type, of an
 * out-of-bound length, unusual Unicode or missing; sometimes with extra fields.
 */
export function dtoEntries(endpoint: JsonEndpoint): fc.Arbitrary<Entries> {
  const fields = Object.entries(endpoint.fields).map(([name, spec]) =>
    fc
      .oneof(
        { weight: spec.optional ? 3 : 10, arbitrary: fieldValue(spec) },
        { weight: spec.optional ? 2 : 1, arbitrary: fc.constant<unknown>(MISSING) },
      )
      .map((value) => [name, value] as const),
  );
  const extras = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Array<[string, unknown]>>([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(extraKey, fc.jsonValue({ maxDepth: 2 })), {
        minLength: 1,
        maxLength: 3,
      }),
    },
  );
  return fc.tuple(fc.tuple(...fields), extras).map(([present, extra]) => {
    const entries: Array<readonly [string, unknown]> = [
      ...present.filter(([, value]) => value !== MISSING),
      ...extra,
    ];
    const cap = endpoint.costCap;
    if (cap && acceptedBy(endpoint, entries)) {
      return entries.map(([key, value]) =>
        key === cap.field && typeof value === 'string' && value.length > cap.max
          ? ([key, value.slice(0, cap.max)] as const)
          : ([key, value] as const),
      );
    }
    return entries;
  });
}

/** A DTO-built JSON request, sometimes sent chunked. */
export function dtoRequest(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(dtoEntries(endpoint), fc.nat({ max: 9 }), headerJunk)
    .map(([entries, chunks, extraHeaders]) => {
      const body = Buffer.from(entriesJson(entries), 'utf8');
      const headers = { ...JSON_HEADERS, ...extraHeaders };
      if (chunks < 2 || body.length < 2) return jsonRequest(endpoint.path, body, 'dto', headers);
      return printable({
        method: 'POST',
        path: endpoint.path,
        headers,
        body: split(body, chunks),
        kind: 'dto-chunked',
      });
    });
}

/** `buffer` cut into `parts` chunks of irregular sizes. */
export function split(buffer: Buffer, parts: number): Buffer[] {
  const chunks: Buffer[] = [];
  const size = Math.max(1, Math.ceil(buffer.length / parts));
  for (let start = 0, i = 0; start < buffer.length; i++) {
    const end = Math.min(buffer.length, start + (i % 2 === 0 ? size : Math.max(1, size >> 1)));
    chunks.push(buffer.subarray(start, end));
    start = end;
  }
  return chunks;
}

/** Harmless-looking headers with junk values, added to some requests. */
export const headerJunk: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        Accept: fc.constantFrom('text/html', 'application/xml', '*/*', 'audio/wav', ';;;', ''),
        'Accept-Encoding': fc.constantFrom('gzip', 'br', 'x-unknown', '*;q=0', ''),
        'Accept-Language': fc.constantFrom('fr-FR', 'zz', '*', 'en;q=abc'),
        'X-Request-Id': fc.constantFrom('abc', ' ', 'x'.repeat(500), '../../x', '\u00ff\u00fe'),
        Authorization: fc.constantFrom(
          'Bearer',
          'Bearer x',
          'Basic YTpi',
          'Bearer ' + 'a'.repeat(2000),
        ),
        Cookie: fc.constantFrom('a=b', '__proto__=1', ';;;'),
        Origin: fc.constantFrom('null', 'http://evil.example', 'file://'),
        Range: fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=99999999999999999999-'),
        Expect: fc.constantFrom('100-continue'),
      },
      { requiredKeys: [] },
    ),
  },
);

/** Any JSON value as the whole body: arrays, strings, numbers, null, nested objects. */
export function anyJsonRequest(path: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .oneof(
      fc.jsonValue({ maxDepth: 6 }),
      fc.constantFrom<unknown>(null, 0, '', [], 'null', true, [{}], [[[]]]),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 50 }),
    )
    .map((value) => jsonRequest(path, JSON.stringify(value) ?? 'null', 'any-json'));
}

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

/** Everything hostile for one JSON endpoint. */
export function jsonEndpointCases(endpoint: JsonEndpoint): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 40, arbitrary: dtoRequest(endpoint) },
    { weight: 8, arbitrary: anyJsonRequest(endpoint.path) },
    { weight: 14, arbitrary: malformedJsonRequest(endpoint) },
    { weight: 6, arbitrary: invalidUtf8Request(endpoint) },
    { weight: 7, arbitrary: contentTypeRequest(endpoint) },
    { weight: 4, arbitrary: contentEncodingRequest(endpoint) },
    { weight: 4, arbitrary: hugeRequest(endpoint) },
    { weight: 3, arbitrary: emptyRequest(endpoint.path) },
    { weight: 6, arbitrary: deepRequest(endpoint) },
    { weight: 3, arbitrary: wideRequest(endpoint) },
    { weight: 3, arbitrary: wrongMethodRequest(endpoint.path) },
  );
}

/** Valid bodies at and just past each length bound: run once each, before the generated ones. */
export function boundaryExamples(
  endpoint: JsonEndpoint,
  valid: Record<string, unknown>,
): FuzzRequest[] {
  const examples: FuzzRequest[] = [];
  for (const [name, spec] of Object.entries(endpoint.fields)) {
    if (!spec.maxLength) continue;
    for (const [piece, label] of [
      ['a', 'ASCII'],
      ['😀', 'emoji'],
    ] as const) {
      for (const length of [spec.maxLength, spec.maxLength + 1]) {
        const body = entriesJson(Object.entries({ ...valid, [name]: piece.repeat(length) }));
        examples.push(jsonRequest(endpoint.path, body, `bound ${name} ${length} ${label}`));
      }
    }
  }
  return examples;
}

import * as fc from 'fast-check';
import { type FuzzRequest, printable } from './client.js';
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

export const JSON_HEADERS = { 'Content-Type': 'application/json' };

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

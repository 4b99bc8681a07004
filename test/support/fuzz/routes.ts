import { METHODS } from 'node:http';
import * as fc from 'fast-check';
import { type FuzzRequest, printable } from './client.js';
import { headerJunk } from './json.js';
import { UNUSUAL_UNITS } from './strings.js';

/**
 * Node's HTTP parser answers request lines and headers over 16 KiB itself (431, empty body),
 * before the application sees them: generated URLs stay under this, and that case is tested on
 * its own (see the report in docs/reliability.md).
 */
export const MAX_GENERATED_URL = 8000;

/** Percent-encodes `text` as UTF-8, leaving a few characters raw so odd-but-legal URLs occur. */
const encode = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%2C|%3A|%40/g, (c) =>
    decodeURIComponent(c),
  );

/** One `key=value` of a query string, encoded rightly or wrongly. */
const queryPair: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 24 }))
    .map(([key, value]) => `${encode(key)}=${encode(value)}`),
  fc
    .tuple(fc.constantFrom('a', 'text', 'lang', 'q', 'limit'), fc.constantFrom(...UNUSUAL_UNITS))
    .map(([key, value]) => `${key}=${encode(value)}`),
  fc.constantFrom(
    '%',
    '%z',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%ff',
    '%ed%a0%80',
    'a=%',
    'a=%E0%A4%A',
    '=',
    '&',
    '==',
    'a',
    'a[]=1&a[]=2',
    'a[b][c][d][e][f]=1',
    `${'a['.repeat(50)}]=1`,
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'toString=1',
    'a=1;b=2',
    '+=+',
    'limit=-1',
    'limit=99999999999999999999',
    'page=NaN',
    'callback=alert(1)',
    'format=xml',
    `a=${'x'.repeat(3000)}`,
    Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&'),
    'a=1&a=2&a=3',
  ),
);

export const queryString: fc.Arbitrary<string> = fc
  .tuple(fc.array(queryPair, { maxLength: 8 }), fc.constantFrom('&', '&', '&', ';', '&&'))
  .map(([pairs, separator]) => pairs.join(separator).slice(0, MAX_GENERATED_URL));

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** A GET endpoint with junk in its query, odd spellings of its path, other methods and bodies. */
export function getEndpointCases(
  path: string,
  /** Share of plain GET (and HEAD) requests: /health runs two inferences per GET. */
  getWeight = 6,
): fc.Arbitrary<FuzzRequest> {
  const spelling = fc.constantFrom(
    path,
    `${path}/`,
    `${path}//`,
    path.toUpperCase(),
    `${path}%20`,
    `/.${path}`,
    `${path}/.`,
    `${path}?`,
    `${path}#x`,
    `${path};a=1`,
  );
  const get = fc
    .tuple(fc.constantFrom('GET', 'GET', 'GET', 'HEAD'), spelling, queryString, headerJunk)
    .map(([method, spelled, query, headers]) =>
      printable({
        method,
        path: query ? `${spelled}${spelled.includes('?') ? '&' : '?'}${query}` : spelled,
        headers,
        kind: `${method} query`,
      }),
    );
  const other = fc
    .tuple(
      fc.constantFrom(
        ...METHODS_WITH_BODY,
        'OPTIONS',
        'TRACE',
        'PROPFIND',
        'SEARCH',
        'MKCOL',
        'PURGE',
      ),
      fc.constantFrom(
        '',
        '{}',
        '{"a":',
        '[]',
        '\u00ff\u00fe',
        'a=1',
        '{"__proto__":{"polluted":true}}',
      ),
      fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
      queryString,
    )
    .map(([method, body, type, query]) =>
      printable({
        method,
        path: query ? `${path}?${query}` : path,
        headers: type ? { 'Content-Type': type } : {},
        body: body ? Buffer.from(body, 'latin1') : undefined,
        kind: `${method} on a GET route`,
        // The method is refused before the body is read, whatever it holds.
        expected: { status: 405, allow: 'GET, HEAD' },
      }),
    );
  const getWithBody = fc.constantFrom('{"a":1}', '{"a":', 'x'.repeat(2_000_000)).map((body) =>
    printable({
      method: 'GET',
      path,
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from(body),
      kind: 'GET with a body',
    }),
  );
  return fc.oneof(
    { weight: getWeight, arbitrary: get },
    { weight: 4, arbitrary: other },
    { weight: 1, arbitrary: getWithBody },
  );
}

/** Path segments that routers and static file servers trip on. */
const segment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }).map(encode),
  fc.constantFrom(...UNUSUAL_UNITS).map(encode),
  fc.constantFrom(
    '..',
    '.',
    '',
    '%2e%2e',
    '%2F',
    '%5C',
    '\\',
    '%00',
    '%',
    '%E0%A4%A',
    '%ff',
    '~',
    '*',
    'index.html',
    '.env',
    '.git',
    'etc',
    'passwd',
    'docs',
    'docs-json',
    'metrics',
    'ws',
    'languages',
    'api',
    'v1',
    'v2',
    'translation',
    'transcribe',
    'file',
    'synthetize',
    'voices',
    'llm',
    'paraphrase',
    'console',
    'settings',
    'health',
    'live',
    'x'.repeat(2000),
    ':id',
    '(.*)',
    '%3Cscript%3E',
  ),
);

/** Methods Node's parser accepts (others it answers itself: 400, empty body). */
const ALL_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'REPORT',
  'MERGE',
  'NOTIFY',
  'SUBSCRIBE',
  'LINK',
  'QUERY',
].filter((method) => METHODS.includes(method));

/** Known endpoints under methods they do not serve. */
const KNOWN: Array<[string, string[]]> = [
  ['/api/v1/transcribe', ['POST']],
  ['/api/v1/transcribe/file', ['POST']],
  ['/api/v1/translation/translate', ['POST']],
  ['/api/v1/translation/languages', ['GET', 'HEAD']],
  ['/api/v1/synthetize', ['POST']],
  ['/api/v1/synthetize/voices', ['GET', 'HEAD']],
  ['/api/v1/llm/paraphrase', ['POST']],
  ['/api/v1/llm/summarize', ['POST']],
  ['/api/v1/llm/generate', ['POST']],
  ['/api/v1/llm/structured-summary', ['POST']],
  ['/languages', ['GET', 'HEAD']],
  ['/health/live', ['GET', 'HEAD']],
  ['/metrics', ['GET', 'HEAD']],
  ['/console/settings', ['GET', 'HEAD']],
];

/** Unknown routes under every method Node accepts, and known routes under wrong methods. */
export const unknownRouteCases: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...ALL_METHODS),
        fc.constantFrom(
          '/',
          '/api/',
          '/api/v1/',
          '/api/v1/translation/',
          '/api/v1/llm/',
          '/api/v2/',
          '/health/',
          '/console/',
          '/docs/',
          '//',
          '/ws/',
        ),
        fc.array(segment, { minLength: 0, maxLength: 5 }),
        fc.option(queryString, { freq: 3 }),
        fc.boolean(),
      )
      .map(([method, prefix, segments, query, withBody]) => {
        const path = `${prefix}${segments.join('/')}`.slice(0, MAX_GENERATED_URL);
        return printable({
          method,
          path: query ? `${path}?${query}` : path,
          headers: withBody ? { 'Content-Type': 'application/json' } : {},
          body: withBody ? Buffer.from('{"text":"hello"}') : undefined,
          kind: `${method} unknown route`,
        });
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...KNOWN), fc.constantFrom(...ALL_METHODS))
      .filter(([[, allowed], method]) => !allowed.includes(method))
      .map(([[path, allowed], method]) =>
        printable({
          method,
          path,
          headers: {},
          kind: `${method} on a known route`,
          expected: { status: 405, allow: allowed.join(', ') },
        }),
      ),
  },
);

import * as fc from 'fast-check';
import { audioBytes } from './audio.js';
import { type FuzzRequest, printable } from './client.js';
import { anyJsonRequest, headerJunk, split } from './json.js';

interface Part {
  readonly name: string | null;
  readonly filename: string | null;
  readonly type: string | null;
  readonly extraHeader: string | null;
  readonly content: Buffer;
}

const partName = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | null>('file') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | null>(
      'File',
      'files',
      'file[]',
      'file ',
      'audio',
      '',
      null,
      'fichier',
      '😀',
      'file"; name="x',
      '__proto__',
      'x'.repeat(300),
    ),
  },
);

const filename = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | null>('speech.wav') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | null>(
      null,
      '',
      '../../etc/passwd',
      'C:\\Windows\\win.ini',
      'speech.mp3',
      'é😀.wav',
      'a;b=c.wav',
      'x'.repeat(1000),
      '.wav',
      'speech.wav\u0000.txt',
    ),
  },
);

const partType = fc.oneof(
  { weight: 5, arbitrary: fc.constant<string | null>('audio/wav') },
  {
    weight: 2,
    arbitrary: fc.constantFrom<string | null>(
      null,
      'audio/x-wav',
      'application/octet-stream',
      'text/plain',
      'audio/mpeg',
      'application/json',
      ';;',
    ),
  },
);

const extraHeader = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | null>(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | null>(
      'Content-Transfer-Encoding: base64',
      'Content-Transfer-Encoding: quoted-printable',
      'Content-Length: 99999999',
      'X-Junk: ' + 'a'.repeat(5000),
      'no colon here',
      ': empty name',
    ),
  },
);

const part: fc.Arbitrary<Part> = fc.record({
  name: partName,
  filename,
  type: partType,
  extraHeader,
  content: fc.oneof(
    { weight: 8, arbitrary: audioBytes },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
  ),
});

const textField = fc
  .tuple(fc.constantFrom('language', 'file', 'x', 'note'), fc.string({ maxLength: 20 }))
  .map(([name, value]): Part => ({
    name,
    filename: null,
    type: null,
    extraHeader: null,
    content: Buffer.from(value),
  }));

const BOUNDARIES = [
  '----fuzzboundary7MA4YWxkTrZu0gW',
  'x',
  'a'.repeat(70),
  'a'.repeat(71),
  'with space',
  '"quoted"',
  '--',
  'é',
];

/** How the form is wrong, if it is. */
const BREAKS = [
  'none',
  'none',
  'none',
  'none',
  'no-boundary-param',
  'empty-boundary',
  'other-boundary',
  'truncated',
  'no-closing',
  'lf-only',
  'preamble-epilogue',
  'missing-blank-line',
  'multipart-mixed',
  'octet-stream',
  'many-parts',
] as const;

function encodePart(boundary: string, p: Part, eol: string): Buffer {
  const disposition = ['Content-Disposition: form-data'];
  if (p.name !== null) disposition.push(`name="${p.name}"`);
  if (p.filename !== null) disposition.push(`filename="${p.filename}"`);
  const lines = [`--${boundary}`, disposition.join('; ')];
  if (p.type !== null) lines.push(`Content-Type: ${p.type}`);
  if (p.extraHeader !== null) lines.push(p.extraHeader);
  return Buffer.concat([
    Buffer.from(lines.join(eol) + eol + eol, 'utf8'),
    p.content,
    Buffer.from(eol),
  ]);
}

/** A multipart upload to /api/v1/transcribe/file: well-formed or broken in one way. */
export const multipartRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.array(part, { minLength: 0, maxLength: 3 }),
    fc.array(textField, { maxLength: 2 }),
    fc.constantFrom(...BOUNDARIES),
    fc.constantFrom(...BREAKS),
    fc.nat({ max: 1_000_000 }),
    fc.boolean(),
    headerJunk,
  )
  .map(([files, fields, boundary, broken, at, chunked, junk]) => {
    const eol = broken === 'lf-only' ? '\n' : '\r\n';
    let parts: Part[] = [...fields, ...files];
    if (broken === 'many-parts') {
      parts = [
        ...parts,
        ...Array.from({ length: 40 }, (_, i) => ({
          name: `f${i}`,
          filename: null,
          type: null,
          extraHeader: null,
          content: Buffer.from('1'),
        })),
      ];
    }
    const pieces = parts.map((p) => encodePart(boundary, p, eol));
    if (broken === 'missing-blank-line' && pieces.length > 0) {
      pieces[0] = Buffer.from(pieces[0].toString('latin1').replace(`${eol}${eol}`, eol), 'latin1');
    }
    let body = Buffer.concat([
      Buffer.from(broken === 'preamble-epilogue' ? `preamble text${eol}` : ''),
      ...pieces,
      Buffer.from(broken === 'no-closing' ? '' : `--${boundary}--${eol}`),
      Buffer.from(broken === 'preamble-epilogue' ? 'epilogue text' : ''),
    ]);
    if (broken === 'truncated') body = body.subarray(0, at % Math.max(1, body.length));
    const quoted = /[\s"]/.test(boundary) ? `"${boundary.replace(/"/g, '')}"` : boundary;
    const type =
      {
        'no-boundary-param': 'multipart/form-data',
        'empty-boundary': 'multipart/form-data; boundary=',
        'other-boundary': 'multipart/form-data; boundary=somethingelse',
        'multipart-mixed': `multipart/mixed; boundary=${quoted}`,
        'octet-stream': 'application/octet-stream',
      }[broken as string] ?? `multipart/form-data; boundary=${quoted}`;
    const headers = { 'Content-Type': type, ...junk };
    const kind = `multipart ${files.length} file(s) ${fields.length} field(s) ${broken}`;
    return printable({
      method: 'POST',
      path: '/api/v1/transcribe/file',
      headers,
      body: chunked && body.length > 1 ? split(body, 5) : body,
      kind,
    });
  });

/** The upload endpoint: multipart forms mostly, JSON and other bodies sometimes. */
export const uploadCases: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 9, arbitrary: multipartRequest },
  { weight: 1, arbitrary: anyJsonRequest('/api/v1/transcribe/file') },
);

import * as fc from 'fast-check';
import { audioBytes, base64Field } from './audio.js';
import { SPEECH_WAVS } from './wav-bases.js';
import { printable } from './client.js';
import { MAX_AUDIO_BYTES, MAX_JSON_BODY_BYTES } from './config.js';
import { entriesJson, type FieldSpec, type JsonEndpoint, jsonRequest } from './json.js';
import { boundaryExamples, jsonEndpointCases } from './json-endpoint-cases.js';
import { uploadCases } from './multipart.js';
import { getEndpointCases, unknownRouteCases } from './routes.js';
import type { Target } from './run.js';
import { MEDICAL_SENTENCES, unusualString } from './strings.js';

/** Length as class-validator counts it: code points, a surrogate pair or variation selector once. */
const length = (text: string) =>
  text.length -
  (text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0) -
  (text.match(/[\ufe0e\ufe0f]/g)?.length ?? 0);

const text =
  (min: number, max: number): FieldSpec['accepts'] =>
  (value) =>
    typeof value === 'string' && length(value) >= min && length(value) <= max;
const oneOf =
  (...values: unknown[]): FieldSpec['accepts'] =>
  (value) =>
    values.includes(value);

/** Text a client would send, and short odd text that the DTO still accepts. */
const validText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MEDICAL_SENTENCES) },
  { weight: 2, arbitrary: unusualString(16).filter((s) => s.length > 0) },
);

const CODES = ['eng_Latn', 'spa_Latn', 'fra_Latn', 'por_Latn', 'ita_Latn'];
/** Codes a client might wrongly send: ISO 639-1, BCP-47, unknown FLORES codes, case variants. */
const WRONG_CODES = [
  'en',
  'en-US',
  'eng',
  'ENG_LATN',
  'xxx_Latn',
  'deu_Latn',
  'zho_Hans',
  'eng_Latn ',
];

export const TRANSLATE: JsonEndpoint = {
  path: '/api/v1/translation/translate',
  fields: {
    text: { valid: validText, accepts: text(1, 5000), maxLength: 5000 },
    source_language: {
      valid: fc.constantFrom(...CODES, ...WRONG_CODES),
      accepts: text(1, 32),
      maxLength: 32,
    },
    target_language: {
      valid: fc.constantFrom(...CODES, ...WRONG_CODES),
      accepts: text(1, 32),
      maxLength: 32,
    },
  },
};

export const SYNTHESIZE: JsonEndpoint = {
  path: '/api/v1/synthetize',
  fields: {
    text: { valid: validText, accepts: text(1, 5000), maxLength: 5000 },
    language: {
      valid: fc.constantFrom('en', 'es', 'fr', 'de', 'ar', 'zh', 'zz', 'EN', 'eng'),
      accepts: (value) => typeof value === 'string' && /^[a-z]{2}$/.test(value),
      maxLength: 2,
    },
    gender: {
      valid: fc.constantFrom('male', 'female', 'Male', 'other'),
      accepts: oneOf('male', 'female'),
    },
    speed: {
      valid: fc.oneof(
        fc.constantFrom(0.25, 1, 4, 0.24, 4.01, 0),
        fc.double({ min: 0.25, max: 4, noNaN: true }),
      ),
      accepts: (value) => typeof value === 'number' && value >= 0.25 && value <= 4,
      optional: true,
    },
  },
  // A valid synthesis of 5000 characters takes seconds: generated ones are capped.
  costCap: { field: 'text', max: 200 },
};

export const PARAPHRASE: JsonEndpoint = {
  path: '/api/v1/llm/paraphrase',
  fields: {
    sentence: { valid: validText, accepts: text(1, 5000), maxLength: 5000 },
    gender: {
      valid: fc.constantFrom('male', 'female', 'other'),
      accepts: oneOf('male', 'female'),
      optional: true,
    },
    age_category: {
      valid: fc.constantFrom('adolescent', 'senior', 'child', 'adult', 'baby'),
      accepts: oneOf('adolescent', 'senior', 'child', 'adult'),
      optional: true,
    },
  },
};

export const SUMMARIZE: JsonEndpoint = {
  path: '/api/v1/llm/summarize',
  fields: { sentence: { valid: validText, accepts: text(1, 50_000), maxLength: 50_000 } },
  costCap: { field: 'sentence', max: 5000 },
};

export const GENERATE: JsonEndpoint = {
  path: '/api/v1/llm/generate',
  fields: { prompt: { valid: validText, accepts: text(1, 1000), maxLength: 1000 } },
};

export const STRUCTURED_SUMMARY: JsonEndpoint = {
  path: '/api/v1/llm/structured-summary',
  fields: {
    // Interface §8 gives no upper bound; the service takes 50000 characters, as for summarize.
    sentence: { valid: validText, accepts: text(1, 50_000), maxLength: 50_000 },
    target_language: {
      valid: fc.constantFrom(
        'fr',
        'fra',
        'fr-FR',
        'fra_Latn',
        'FR-fr',
        'en',
        'es',
        'pt',
        'it',
        'de',
        'xx',
        'zh-Hans',
        'und',
      ),
      accepts: text(1, 64),
      maxLength: 64,
    },
  },
  costCap: { field: 'sentence', max: 5000 },
};

/** The Base64 route parses bodies up to 4/3 of MAX_AUDIO_BYTES, plus room for the JSON. */
const AUDIO_BODY_LIMIT = Math.ceil((MAX_AUDIO_BYTES * 4) / 3) + 64 * 1024;

export const TRANSCRIBE: JsonEndpoint = {
  path: '/api/v1/transcribe',
  fields: {
    audio_base64: {
      valid: base64Field(audioBytes),
      accepts: (value) => typeof value === 'string' && value.length > 0,
    },
  },
  bodyLimit: AUDIO_BODY_LIMIT,
};

/** Fixed examples of the transcription route: each whole recording once, decoded for real. */
const transcribeExamples = SPEECH_WAVS.map((wav, i) =>
  jsonRequest(
    TRANSCRIBE.path,
    entriesJson([['audio_base64', wav.toString('base64')]]),
    `whole recording ${i + 1}`,
  ),
);

const uploadExamples = SPEECH_WAVS.slice(0, 2).map((wav, i) => {
  const boundary = 'fixedboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n` +
        'Content-Type: audio/wav\r\n\r\n',
    ),
    wav,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return printable({
    method: 'POST',
    path: '/api/v1/transcribe/file',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
    kind: `whole recording ${i + 1}`,
  });
});

/** Valid bodies: every field at its first valid value, for the bound examples. */
const VALID: Record<string, Record<string, unknown>> = {
  [TRANSLATE.path]: { text: 'a', source_language: 'eng_Latn', target_language: 'spa_Latn' },
  [SYNTHESIZE.path]: { text: 'a', language: 'en', gender: 'female' },
  [PARAPHRASE.path]: { sentence: 'a' },
  [SUMMARIZE.path]: { sentence: 'a' },
  [GENERATE.path]: { prompt: 'a' },
  [STRUCTURED_SUMMARY.path]: { sentence: 'a', target_language: 'fr' },
};

/** A structured summary of a sentence as long as the body limit allows (no bound of its own). */
const longestSummary = jsonRequest(
  STRUCTURED_SUMMARY.path,
  entriesJson([
    ['sentence', 'The patient has a fever. '.repeat(Math.floor((MAX_JSON_BODY_BYTES - 200) / 25))],
    ['target_language', 'fr'],
  ]),
  'sentence at the body limit',
);

/**
 * Translations through each of the eight Apertium pipelines (eng-spa, es-fr, fr-es, es-pt,
 * pt-es, spa-ita, ita-spa, spa-eng): each persistent process must answer every later request
 * as it did before the fuzz.
 */
const TRANSLATION_CANARIES = {
  requests: [
    ['Good morning.', 'eng_Latn', 'fra_Latn'],
    ['Bonjour, docteur.', 'fra_Latn', 'por_Latn'],
    ['Bom dia, doutor.', 'por_Latn', 'ita_Latn'],
    ['Buongiorno, dottore.', 'ita_Latn', 'eng_Latn'],
  ].map(([text, source, target]) =>
    jsonRequest(
      TRANSLATE.path,
      entriesJson([
        ['text', text],
        ['source_language', source],
        ['target_language', target],
      ]),
      'canary',
    ),
  ),
  key: (answer: { status: number; text: string }) =>
    answer.status === 200
      ? String((JSON.parse(answer.text) as { translated_text: string }).translated_text)
      : `${answer.status} ${answer.text}`,
};

const jsonTarget = (endpoint: JsonEndpoint, extra: Partial<Target> = {}): Target => ({
  name: `POST ${endpoint.path}`,
  cases: jsonEndpointCases(endpoint),
  msPerCase: 60,
  ...extra,
  examples: [...boundaryExamples(endpoint, VALID[endpoint.path] ?? {}), ...(extra.examples ?? [])],
});

/** Every endpoint of decisions §2 and the orchestrator's HTTP routes, and unknown routes. */
export const TARGETS: readonly Target[] = [
  {
    name: `POST ${TRANSCRIBE.path}`,
    cases: jsonEndpointCases(TRANSCRIBE),
    examples: transcribeExamples,
    msPerCase: 60,
  },
  {
    name: 'POST /api/v1/transcribe/file',
    cases: uploadCases,
    examples: uploadExamples,
    msPerCase: 60,
  },
  jsonTarget(TRANSLATE, {
    canaries: TRANSLATION_CANARIES,
    // U+FFFF is lttoolbox's end of file: the text was cut, its rest answered to a later request.
    examples: ['spa_Latn', 'fra_Latn'].map((target) =>
      jsonRequest(
        TRANSLATE.path,
        entriesJson([
          ['text', 'Do not take aspirin\uffff if you are allergic.'],
          ['source_language', 'eng_Latn'],
          ['target_language', target],
        ]),
        'U+FFFF in the text',
      ),
    ),
  }),
  {
    name: 'GET /api/v1/translation/languages',
    cases: getEndpointCases('/api/v1/translation/languages'),
  },
  jsonTarget(SYNTHESIZE, { rules: { okType: /^audio\/wav/ } }),
  { name: 'GET /api/v1/synthetize/voices', cases: getEndpointCases('/api/v1/synthetize/voices') },
  jsonTarget(PARAPHRASE),
  jsonTarget(SUMMARIZE),
  // The embedded engine generates no text: a valid prompt is a 503 naming what to configure.
  jsonTarget(GENERATE, { rules: { allowed503: /LLM_ENGINE=openai/ } }),
  jsonTarget(STRUCTURED_SUMMARY, { examples: [longestSummary], canaries: TRANSLATION_CANARIES }),
  { name: 'GET /languages', cases: getEndpointCases('/languages') },
  // Each GET /health runs a VAD and an ASR inference (~0.1–0.2 s): fewer plain GETs.
  { name: 'GET /health', cases: getEndpointCases('/health', 1), msPerCase: 150 },
  { name: 'GET /health/live', cases: getEndpointCases('/health/live') },
  { name: 'GET /metrics', cases: getEndpointCases('/metrics'), rules: { okType: /^text\/plain/ } },
  { name: 'GET /console/settings', cases: getEndpointCases('/console/settings') },
  { name: 'unknown routes and methods', cases: unknownRouteCases, rules: { okType: /^/ } },
];

/**
 * The HTTP endpoints phase A sends traffic to, and the answers expected of them: 200, and 503 for
 * /api/v1/llm/generate, which the embedded engines do not offer.
 */
import { readFileSync } from 'node:fs';
import { SPEECH_FIXTURES } from '../../test/support/speech-fixtures.js';
import type { PrivacyWatch } from './privacy-watch.js';

export interface Endpoint {
  name: string;
  /**
   * The answers expected. /health is the readiness probe: it answers 503 when its ASR inference
   * waits more than HEALTH_PROBE_TIMEOUT_MS behind the sessions' (docs/deployment.md §7).
   */
  expected: number[];
  send: (base: string, signal: AbortSignal) => Promise<Response>;
}

/** The fields of the HTTP bodies that carry what a clinician or patient said. */
const SAID_FIELDS = ['text', 'sentence', 'prompt'];

/** Every HTTP endpoint with its request; the texts those requests say are shown to `privacy`. */
export function httpEndpoints(privacy?: PrivacyWatch): Endpoint[] {
  const wav = readFileSync(`${SPEECH_FIXTURES}01-fever-headache.wav`);
  const wavBase64 = wav.toString('base64');
  const json = (path: string, body: Record<string, unknown>) => {
    for (const field of SAID_FIELDS) privacy?.saw(body[field]);
    return (base: string, signal: AbortSignal) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
  };
  const get = (path: string) => (base: string, signal: AbortSignal) =>
    fetch(`${base}${path}`, { signal });
  const note =
    'The patient is a 67 year old woman with a fever of 38.5 degrees and a headache since ' +
    'Monday. She takes two tablets of paracetamol 500 mg every morning. She is allergic to ' +
    'penicillin. Blood pressure is 130 over 85. Plan: blood test and rest.';
  return [
    {
      name: 'POST /api/v1/translation/translate',
      expected: [200],
      send: json('/api/v1/translation/translate', {
        text: 'The patient has a fever and a headache.',
        source_language: 'eng_Latn',
        target_language: 'spa_Latn',
      }),
    },
    {
      name: 'GET /api/v1/translation/languages',
      expected: [200],
      send: get('/api/v1/translation/languages'),
    },
    {
      name: 'POST /api/v1/synthetize',
      expected: [200],
      send: json('/api/v1/synthetize', {
        text: 'Take two tablets every morning.',
        language: 'en',
        gender: 'female',
      }),
    },
    {
      name: 'GET /api/v1/synthetize/voices',
      expected: [200],
      send: get('/api/v1/synthetize/voices'),
    },
    {
      name: 'POST /api/v1/transcribe',
      expected: [200],
      send: json('/api/v1/transcribe', { audio_base64: wavBase64 }),
    },
    {
      name: 'POST /api/v1/transcribe/file',
      expected: [200],
      send: (base, signal) => {
        const form = new FormData();
        form.append('file', new Blob([wav], { type: 'audio/wav' }), '01-fever-headache.wav');
        return fetch(`${base}/api/v1/transcribe/file`, { method: 'POST', body: form, signal });
      },
    },
    {
      name: 'POST /api/v1/llm/paraphrase',
      expected: [200],
      send: json('/api/v1/llm/paraphrase', {
        sentence: 'The patient presents with dyspnea and thoracic pain.',
        gender: 'female',
        age_category: 'senior',
      }),
    },
    {
      name: 'POST /api/v1/llm/summarize',
      expected: [200],
      send: json('/api/v1/llm/summarize', { sentence: note }),
    },
    {
      name: 'POST /api/v1/llm/structured-summary',
      expected: [200],
      send: json('/api/v1/llm/structured-summary', { sentence: note, target_language: 'es' }),
    },
    {
      name: 'POST /api/v1/llm/generate',
      expected: [503],
      send: json('/api/v1/llm/generate', { prompt: 'Explain what a fever is.' }),
    },
    { name: 'GET /languages', expected: [200], send: get('/languages') },
    { name: 'GET /health', expected: [200, 503], send: get('/health') },
    { name: 'GET /health/live', expected: [200], send: get('/health/live') },
    { name: 'GET /metrics', expected: [200], send: get('/metrics') },
  ];
}

/**
 * LibreTranslateEngine on a fake LibreTranslate server started for each test: shared by the
 * engine's specs (src/translation/engines/libretranslate*.spec.ts).
 */
import { afterEach, beforeEach, jest } from '@jest/globals';
import { EngineError } from '../../src/common/errors/engine.errors.js';
import { LibreTranslateEngine } from '../../src/translation/engines/libretranslate.engine.js';
import { ENG, FRA, POR, SPA, SWH, ZHS, ZHT } from './catalog-language.fixture.js';
import { type FakeLibreTranslate, startFakeLibreTranslate } from './fake-libretranslate.js';
import { rejection } from './rejection.js';

export const CATALOG = [ENG, FRA, SPA, POR, ZHS, ZHT, SWH];

export const TEXT = 'Patient allergic to penicillin, takes 500 mg paracetamol 2 x/day';
/** What the timeout tests wait for; the others allow a loaded CI machine's fake server 10 000 ms. */
export const TIMEOUT_MS = 200;
const ANSWER_TIMEOUT_MS = 10_000;

/** The EngineError a promise rejects with. */
export const failure = (promise: Promise<unknown>) => rejection(promise, EngineError);

/**
 * For each test of the describe it is called in, a fake LibreTranslate server (`fake`, closed
 * after the test) and the means to make an engine on it and to read what it was asked.
 */
export function libreTranslateEachTest() {
  let fake: FakeLibreTranslate;

  beforeEach(async () => {
    fake = await startFakeLibreTranslate();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await fake.close();
  });

  return {
    /** This test's fake server. */
    get fake(): FakeLibreTranslate {
      return fake;
    },
    engine: (
      apiKey?: string,
      baseUrl = fake.url,
      languages = CATALOG,
      timeoutMs = ANSWER_TIMEOUT_MS,
    ) => new LibreTranslateEngine({ baseUrl, apiKey, timeoutMs }, languages),
    signal: () => new AbortController().signal,
    /** The requests to POST /translate. */
    translations: () => fake.requests.filter((r) => r.path === '/translate'),
  };
}

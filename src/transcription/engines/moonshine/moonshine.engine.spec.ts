import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeWav } from '../../../audio/wav-decoder.js';
import {
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../../common/errors/engine.errors.js';
import { wordErrorRate } from '../../wer.js';
import { MOONSHINE_LOW_CONFIDENCE, MoonshineEngine } from './moonshine.engine.js';
import { speechFixture, speechRecordings } from '../../../../test/support/speech-fixtures.js';

const FIXTURES = 'test/fixtures/audio';
const samplesOf = (file: string): Float32Array =>
  decodeWav(readFileSync(`${FIXTURES}/${file}`)).samples;

describe('MoonshineEngine (the model installed by the set-up)', () => {
  const engine = new MoonshineEngine({ threads: 1, timeoutMs: 10_000 });
  const transcribe = (samples: Float32Array, signal = AbortSignal.timeout(10_000)) =>
    engine.transcribe({ samples, localeHints: ['en-US'] }, signal);

  beforeAll(() => engine.onModuleInit(), 60_000);
  afterAll(() => engine.onModuleDestroy());

  it('recognizes the clinic sentences of the speech fixtures, with a confidence', async () => {
    for (const { file, text } of speechRecordings()) {
      const transcript = await transcribe(speechFixture(file));
      expect({ file, wer: wordErrorRate(text, transcript.text) }).toEqual({ file, wer: 0 });
      expect(transcript.locale).toBe('en-US');
      expect(transcript.confidence).toBeGreaterThan(MOONSHINE_LOW_CONFIDENCE);
      expect(transcript.confidence).toBeLessThanOrEqual(1);
    }
  }, 60_000);

  it('gives its hypothesis in spoken form, and scores texts of plain words as the combined engine asks', async () => {
    const samples = speechFixture('02-two-tablets.wav');
    const signal = AbortSignal.timeout(10_000);
    const { text, confidence } = await engine.hypothesis(samples, signal);
    expect(text).toBe('Take two tablets every morning.');
    expect(confidence).toBeGreaterThan(MOONSHINE_LOW_CONFIDENCE);
    const [right, wrong] = await engine.score(
      samples,
      ['take two tablets every morning', 'take ten tablets every evening'],
      signal,
    );
    expect(right).toBeGreaterThan(wrong);
    expect(await engine.score(samples, [], signal)).toEqual([]);
  }, 30_000);

  it("counts its threads' CPU in usage(), for the benchmarks", async () => {
    const before = engine.usage().cpuSeconds;
    await transcribe(speechFixture(speechRecordings()[0].file));
    expect(engine.usage().cpuSeconds).toBeGreaterThan(before);
  }, 30_000);

  it('answers no words for silence and noise', async () => {
    for (const file of ['silence.wav', 'noise.wav']) {
      expect({ file, text: (await transcribe(samplesOf(file))).text }).toEqual({ file, text: '' });
    }
  }, 30_000);

  it('answers a deadline with EngineTimeoutError, and decodes the next sentence as before', async () => {
    const long = speechFixture('01-fever-headache.wav');
    const sentence = new Float32Array(long.length * 4).map((_, i) => long[i % long.length]);
    await expect(transcribe(sentence, AbortSignal.timeout(5))).rejects.toBeInstanceOf(
      EngineTimeoutError,
    );
    const aborted = new AbortController();
    aborted.abort();
    await expect(transcribe(long, aborted.signal)).rejects.toBeInstanceOf(EngineTimeoutError);
    expect((await transcribe(speechFixture('02-two-tablets.wav'))).text).toBe(
      'Take two tablets every morning.',
    );
  }, 30_000);

  it('passes its readiness probe', async () => {
    await expect(engine.probe()).resolves.toBeUndefined();
  });
});

describe('MoonshineEngine without its model', () => {
  it('starts, and answers 503 with the set-up command', async () => {
    const engine = new MoonshineEngine({ threads: 1, timeoutMs: 1_000, modelDir: '/nonexistent' });
    await engine.onModuleInit();
    const failure = engine.transcribe(
      { samples: new Float32Array(1600), localeHints: [] },
      AbortSignal.timeout(1_000),
    );
    await expect(failure).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(failure).rejects.toMatchObject({
      detail: expect.stringMatching(/not installed.*npm run setup/s),
    });
    await engine.onModuleDestroy();
  });
});

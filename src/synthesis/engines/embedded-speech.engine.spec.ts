import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EngineTimeoutError, EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { EmbeddedSpeechEngine } from './embedded-speech.engine.js';
import { EspeakNgEngine } from './espeak-ng.engine.js';
import { FestivalEngine } from './festival.engine.js';
import { FliteEngine } from './flite.engine.js';
import { EngineSynthesis, SynthesizedAudio, TtsEngine, Voice } from './tts-engine.js';

/** An engine answering its name as the audio, or failing as told. */
class FakeEngine implements TtsEngine {
  readonly spoke: string[] = [];
  constructor(
    readonly name: string,
    private readonly list: readonly Voice[] | Error,
    private readonly failure?: Error,
  ) {}
  voices(): Promise<readonly Voice[]> {
    return this.list instanceof Error ? Promise.reject(this.list) : Promise.resolve(this.list);
  }
  synthesize(request: EngineSynthesis): Promise<SynthesizedAudio> {
    if (this.failure) return Promise.reject(this.failure);
    this.spoke.push(`${request.language}:${request.gender}`);
    return Promise.resolve({ wav: Buffer.from(this.name), sampleRate: 16_000, durationMs: 1 });
  }
}

const en = (gender: 'female' | 'male'): Voice => ({ language: 'en', gender });
const request = (language: string, gender: 'female' | 'male' = 'female') => ({
  text: 'Hello',
  language,
  gender,
  speed: 1,
});
const signal = () => new AbortController().signal;
const unavailable = (engine: string) => new EngineUnavailableError('TTS', engine, 'failed.');

describe('EmbeddedSpeechEngine (routing)', () => {
  it('speaks each voice with the first engine that has it, and lists the union, sorted', async () => {
    const flite = new FakeEngine('flite', [en('female'), en('male')]);
    const espeak = new FakeEngine('espeak-ng', [
      { language: 'fr', gender: 'male' },
      en('female'),
      { language: 'fr', gender: 'female' },
      en('male'),
    ]);
    const engine = new EmbeddedSpeechEngine([flite, espeak]);
    expect(await engine.voices()).toEqual([
      en('female'),
      en('male'),
      { language: 'fr', gender: 'female' },
      { language: 'fr', gender: 'male' },
    ]);
    expect((await engine.synthesize(request('en', 'male'), signal())).wav.toString()).toBe('flite');
    expect((await engine.synthesize(request('fr'), signal())).wav.toString()).toBe('espeak-ng');
    expect(engine.name).toBe('embedded');
  });

  it('falls back to the next engine when the preferred one lists nothing or fails to list', async () => {
    for (const flite of [
      new FakeEngine('flite', []),
      new FakeEngine('flite', unavailable('flite')),
    ]) {
      const espeak = new FakeEngine('espeak-ng', [en('female')]);
      const engine = new EmbeddedSpeechEngine([flite, espeak]);
      expect(await engine.voices()).toEqual([en('female')]);
      expect((await engine.synthesize(request('en'), signal())).wav.toString()).toBe('espeak-ng');
    }
  });

  it('lets the next engine with the voice speak when one fails, but not after a timeout', async () => {
    const broken = new FakeEngine('flite', [en('female')], unavailable('flite'));
    const espeak = new FakeEngine('espeak-ng', [en('female')]);
    const engine = new EmbeddedSpeechEngine([broken, espeak]);
    expect((await engine.synthesize(request('en'), signal())).wav.toString()).toBe('espeak-ng');

    const slow = new FakeEngine(
      'flite',
      [en('female')],
      new EngineTimeoutError('TTS', 'flite', 'did not finish.'),
    );
    const second = new FakeEngine('espeak-ng', [en('female')]);
    const timed = new EmbeddedSpeechEngine([slow, second]);
    await expect(timed.synthesize(request('en'), signal())).rejects.toBeInstanceOf(
      EngineTimeoutError,
    );
    expect(second.spoke).toEqual([]);
  });

  it('answers the last failure when no engine has any voice, and an error for a missing voice', async () => {
    const failure = unavailable('espeak-ng');
    const none = new EmbeddedSpeechEngine([
      new FakeEngine('flite', []),
      new FakeEngine('espeak-ng', failure),
    ]);
    await expect(none.voices()).rejects.toBe(failure);
    const some = new EmbeddedSpeechEngine([new FakeEngine('flite', [en('female')])]);
    await expect(some.synthesize(request('en', 'male'), signal())).rejects.toThrow(
      "has no male voice for 'en'.",
    );
  });
});

describe('EmbeddedSpeechEngine (flite, festival, espeak-ng)', () => {
  const catalog = new LanguageCatalog();
  const espeak = () => new EspeakNgEngine({ timeoutMs: 30_000 }, catalog.all());
  let engine: EmbeddedSpeechEngine;
  let missing: EmbeddedSpeechEngine;

  beforeAll(async () => {
    engine = new EmbeddedSpeechEngine([
      new FliteEngine({ timeoutMs: 30_000 }),
      new FestivalEngine({ timeoutMs: 30_000 }),
      espeak(),
    ]);
    missing = new EmbeddedSpeechEngine([
      new FliteEngine({ timeoutMs: 30_000, command: '/nonexistent/python3' }),
      new FestivalEngine({ timeoutMs: 30_000, command: '/nonexistent/text2wave' }),
      espeak(),
    ]);
    await Promise.all([engine.voices(), missing.voices()]);
  }, 60_000);
  afterAll(() => {
    engine.onModuleDestroy();
    missing.onModuleDestroy();
  });

  it('speaks English with flite (16 kHz), Italian with festival (16 kHz), French with espeak-ng (22.05 kHz)', async () => {
    const rate = async (language: string, gender: 'female' | 'male') =>
      (await engine.synthesize(request(language, gender), signal())).sampleRate;
    for (const gender of ['female', 'male'] as const) {
      expect(await rate('en', gender)).toBe(16_000);
      expect(await rate('it', gender)).toBe(16_000);
      expect(await rate('fr', gender)).toBe(22_050);
    }
  });

  it('lists the same voices as espeak-ng alone (flite and festival add none espeak-ng lacks)', async () => {
    expect(await engine.voices()).toEqual(await missing.voices());
    expect(await engine.voices()).toContainEqual(en('male'));
  });

  it('speaks English and Italian with espeak-ng when flite and festival are missing', async () => {
    for (const language of ['en', 'it']) {
      const audio = await missing.synthesize(request(language), signal());
      expect(audio.sampleRate).toBe(22_050);
    }
  });
});

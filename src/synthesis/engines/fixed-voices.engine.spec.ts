import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeWav } from '../../audio/wav-decoder.js';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import { FestivalEngine } from './festival.engine.js';
import { durationRate, FixedVoicesEngine } from './fixed-voices.engine.js';
import { FliteEngine } from './flite.engine.js';
import { startedProcesses } from '../../../test/support/started-processes.fixture.js';
import { VoiceGender } from '../../language/speech-settings.js';

const SENTENCES: Record<string, string> = {
  en: 'The patient has had a headache and a fever since yesterday evening.',
  it: 'Il paziente ha mal di testa e febbre da ieri sera.',
};

/** Command lines of the processes this test process started, whose program matches `name`. */
const deadline = () => new DOMException('deadline passed', 'TimeoutError');

describe('durationRate', () => {
  it('asks the engine for 1 / speed within 0.5–2 and time-stretches the rest', () => {
    expect(durationRate(1)).toEqual({ duration: 1, stretch: 1 });
    expect(durationRate(2)).toEqual({ duration: 0.5, stretch: 1 });
    expect(durationRate(0.5)).toEqual({ duration: 2, stretch: 1 });
    expect(durationRate(4)).toEqual({ duration: 0.5, stretch: 2 });
    expect(durationRate(0.25)).toEqual({ duration: 2, stretch: 0.5 });
  });
});

describe.each([
  {
    name: 'flite',
    language: 'en',
    genders: ['female', 'male'] as const,
    programs: /flite_speak/,
    make: (options = {}) => new FliteEngine({ timeoutMs: 30_000, ...options }),
  },
  {
    name: 'festival',
    language: 'it',
    genders: ['female', 'male'] as const,
    programs: /festival/,
    make: (options = {}) => new FestivalEngine({ timeoutMs: 30_000, ...options }),
  },
  {
    name: 'festival',
    language: 'en',
    genders: ['female'] as const,
    programs: /festival/,
    make: (options = {}) => new FestivalEngine({ timeoutMs: 30_000, ...options }),
  },
])('$name engine, $language', ({ name, language, genders, programs, make }) => {
  let engine: FixedVoicesEngine;
  const say = (
    options: { text?: string; gender?: VoiceGender; speed?: number } = {},
    signal = new AbortController().signal,
  ) =>
    engine.synthesize(
      {
        text: options.text ?? SENTENCES[language],
        language,
        gender: options.gender ?? 'female',
        speed: options.speed ?? 1,
      },
      signal,
    );

  beforeAll(async () => {
    engine = make();
    await engine.voices();
  }, 60_000);
  afterAll(() => engine.onModuleDestroy());

  it(`lists the voices of '${language}' after checking them`, async () => {
    const listed = (await engine.voices()).filter((voice) => voice.language === language);
    expect(listed).toEqual(genders.map((gender) => ({ language, gender })));
  });

  it.each(genders)('speaks a sentence with the %s voice', async (gender) => {
    const audio = await say({ gender });
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.wav.readUInt32LE(40)).toBe(audio.wav.length - 44); // exact data size
    const { samples } = decodeWav(audio.wav);
    expect(audio.durationMs).toBe(Math.round((samples.length / 16_000) * 1000));
    expect(audio.durationMs).toBeGreaterThan(2000);
    expect(audio.durationMs).toBeLessThan(6000);
  });

  describe('speed', () => {
    let normal: number;
    beforeAll(async () => {
      normal = (await say()).durationMs;
    });

    it.each([
      [2, 0.5],
      [0.5, 2],
      [4, 0.25],
      [0.25, 4],
    ])('speed %s gives %s of the duration (within 20 percent)', async (speed, ratio) => {
      const audio = await say({ speed });
      expect(audio.durationMs / normal).toBeGreaterThan(ratio * 0.8);
      expect(audio.durationMs / normal).toBeLessThan(ratio * 1.2);
    });
  });

  it('answers an empty WAV for a text with nothing to say', async () => {
    const audio = await say({ text: ' \u0000 ... ' });
    expect(audio.durationMs).toBe(0);
    expect(audio.wav.length).toBe(44);
  });

  it('never puts the text on a command line, and kills the process when the deadline passes', async () => {
    const secret = 'Zanzibarquux';
    const text = `${SENTENCES[language]} ${secret}. `.repeat(60);
    const controller = new AbortController();
    const pending = say({ text, speed: 0.25 }, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const running = startedProcesses(programs);
    expect(running.length).toBe(1);
    expect(running.join('\n')).not.toContain(secret);
    controller.abort(deadline());
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect((error as EngineError).detail).toBe(
      `TTS engine '${name}': did not finish within 30000 ms; the process was stopped. Raise TTS_TIMEOUT_MS (currently 30000) for long texts or slow speeds.`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(startedProcesses(programs)).toEqual([]);
  });

  it('lists no voice, and answers 503-type errors, when its program is missing', async () => {
    const missing = make({ command: `/nonexistent/${name}` });
    expect(await missing.voices()).toEqual([]);
    const error = await missing
      .synthesize(
        { text: 'Hello', language, gender: 'female', speed: 1 },
        new AbortController().signal,
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as EngineError).message).toBe(`has no female voice for '${language}'.`);
  });

  it('lists no voice whose sample is not audible speech', async () => {
    // `true` writes nothing: no voice passes.
    expect(await make({ command: 'true' }).voices()).toEqual([]);
  });
});

describe('festival engine, text it cannot read', () => {
  const engine = new FestivalEngine({ timeoutMs: 30_000 });
  afterAll(() => engine.onModuleDestroy());

  it('speaks symbols, foreign letters and quotes that silence festival when given as is', async () => {
    const text = "Il 50% dei casi: «forte», señor Müller, 3'' e H2O; 38,5 °C — 5mg/kg.";
    const audio = await engine.synthesize(
      { text, language: 'it', gender: 'male', speed: 1 },
      new AbortController().signal,
    );
    expect(audio.durationMs).toBeGreaterThan(3000);
  });
});

describe('festival engine, English text with marks it would misread', () => {
  const engine = new FestivalEngine({ timeoutMs: 30_000 });
  afterAll(() => engine.onModuleDestroy());

  it('speaks accented names, typographic quotes and degrees at the length of their ASCII form', async () => {
    const say = (text: string) =>
      engine.synthesize(
        { text, language: 'en', gender: 'female', speed: 1 },
        new AbortController().signal,
      );
    const marked = await say('Señor Müller’s “fever” is 38.5 °C.');
    const plain = await say('Senor Muller\'s "fever" is 38.5 degrees C.');
    expect(Math.abs(marked.durationMs - plain.durationMs)).toBeLessThan(150);
  });
});

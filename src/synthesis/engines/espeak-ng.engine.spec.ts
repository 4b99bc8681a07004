import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { estimatePitch } from '../../../test/support/speech-audio.js';
import { decodeWav } from '../../audio/wav-decoder.js';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { EspeakNgEngine, espeakRate } from './espeak-ng.engine.js';
import { sampleText } from './espeak-voices.js';
import { startedProcesses } from '../../../test/support/started-processes.fixture.js';
import { SynthesizedAudio } from './tts-engine.js';
import { VoiceGender } from '../../language/speech-settings.js';

const SENTENCES: Record<string, string> = {
  en: 'The patient has a headache and a fever since yesterday.',
  fr: 'Le patient a mal à la tête et de la fièvre depuis hier soir.',
  es: 'El paciente tiene dolor de cabeza y fiebre desde ayer por la tarde.',
  de: 'Der Patient hat seit gestern Abend Kopfschmerzen und Fieber.',
  it: 'Il paziente ha mal di testa e febbre da ieri sera.',
};

/** Checks `audio` is a RIFF WAV, PCM 16-bit mono, with exact sizes; returns its samples. */
function expectPcm16Mono(audio: SynthesizedAudio): Float32Array {
  const { wav } = audio;
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
  expect(wav.readUInt32LE(16)).toBe(16);
  expect(wav.readUInt16LE(20)).toBe(1); // PCM
  expect(wav.readUInt16LE(22)).toBe(1); // mono
  expect(wav.readUInt32LE(24)).toBe(audio.sampleRate);
  expect(wav.readUInt32LE(28)).toBe(audio.sampleRate * 2);
  expect(wav.readUInt16LE(32)).toBe(2);
  expect(wav.readUInt16LE(34)).toBe(16);
  expect(wav.toString('latin1', 36, 40)).toBe('data');
  expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  const frames = (wav.length - 44) / 2;
  expect(audio.durationMs).toBe(Math.round((frames / audio.sampleRate) * 1000));
  return frames === 0 ? new Float32Array() : decodeWav(wav).samples;
}

/** The espeak-ng processes this test process started. */
const espeakChildren = () => startedProcesses(/espeak/);

const deadline = () => new DOMException('deadline passed', 'TimeoutError');

describe('espeakRate', () => {
  it('maps speed to 175 wpm × speed within 80–450 and stretches the rest', () => {
    expect(espeakRate(1)).toEqual({ wpm: 175, stretch: 1 });
    expect(espeakRate(2)).toEqual({ wpm: 350, stretch: 1 });
    expect(espeakRate(0.5)).toEqual({ wpm: 88, stretch: 1 });
    expect(espeakRate(0.25)).toEqual({ wpm: 80, stretch: 43.75 / 80 });
    expect(espeakRate(4)).toEqual({ wpm: 450, stretch: 700 / 450 });
  });
});

describe('EspeakNgEngine (espeak-ng 1.51)', () => {
  const catalog = new LanguageCatalog();
  let engine: EspeakNgEngine;
  const say = (
    text: string,
    options: { language?: string; gender?: VoiceGender; speed?: number } = {},
    signal = new AbortController().signal,
  ) =>
    engine.synthesize(
      {
        text,
        language: options.language ?? 'en',
        gender: options.gender ?? 'female',
        speed: options.speed ?? 1,
      },
      signal,
    );

  beforeAll(async () => {
    engine = new EspeakNgEngine({ timeoutMs: 30_000 }, catalog.all());
    await engine.voices();
  }, 60_000);
  afterAll(() => engine.onModuleDestroy());

  describe('voices', () => {
    it('lists the catalog languages espeak-ng speaks, both genders, sorted', async () => {
      const voices = await engine.voices();
      const languages = [...new Set(voices.map((v) => v.language))];
      expect(languages.length).toBeGreaterThanOrEqual(70);
      for (const language of ['en', 'fr', 'es', 'de', 'it', 'pt', 'ar', 'ru', 'hi', 'sw', 'tr']) {
        expect(voices).toContainEqual({ language, gender: 'female' });
        expect(voices).toContainEqual({ language, gender: 'male' });
      }
      const catalogCodes = new Set(catalog.all().map((l) => l.iso6391));
      for (const language of languages) {
        expect(language).toMatch(/^[a-z]{2}$/);
        expect(catalogCodes.has(language)).toBe(true);
      }
      const keys = voices.map((v) => `${v.language}:${v.gender}`);
      expect(keys).toEqual([...keys].sort());
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('leaves out the languages espeak-ng reads through another language or misreads', async () => {
      const languages = new Set((await engine.voices()).map((v) => v.language));
      // ja and zh: Chinese characters read as English letter names; th, my: see POORLY_SPOKEN.
      for (const language of ['ja', 'zh', 'th', 'my']) expect(languages.has(language)).toBe(false);
      // Catalog languages espeak-ng has no voice for.
      for (const language of ['yo', 'ha', 'so', 'tl']) expect(languages.has(language)).toBe(false);
    });

    it('gives every listed voice a valid WAV of plausible duration for a short text', async () => {
      const voices = await engine.voices();
      const results = await Promise.all(
        voices.map(async (voice) => {
          const text = sampleText(voice.language) ?? 'Guarani, Haitian, English, 12';
          return { voice, audio: await say(text, voice) };
        }),
      );
      const problems: string[] = [];
      for (const { voice, audio } of results) {
        const samples = expectPcm16Mono(audio);
        const name = `${voice.language} ${voice.gender}`;
        if (audio.sampleRate !== 22050) problems.push(`${name}: ${audio.sampleRate} Hz`);
        // About five words: one to ten seconds.
        if (!(audio.durationMs > 1000 && audio.durationMs < 10_000)) {
          problems.push(`${name}: ${audio.durationMs} ms`);
        }
        const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
        if (!(peak > 0.05)) problems.push(`${name}: peak ${peak}`);
      }
      expect(problems).toEqual([]);
    }, 60_000);
  });

  describe('voice quality', () => {
    it('speaks a 10-word sentence in about 3.5 s at speed 1', async () => {
      const audio = await say(SENTENCES.en);
      expectPcm16Mono(audio);
      expect(audio.durationMs).toBeGreaterThan(2500);
      expect(audio.durationMs).toBeLessThan(5000);
    });

    it.each(Object.keys(SENTENCES))(
      'has a higher median pitch for the female voice than the male one (%s)',
      async (language) => {
        const female = await say(SENTENCES[language], { language, gender: 'female' });
        const male = await say(SENTENCES[language], { language, gender: 'male' });
        const femaleHz = estimatePitch(expectPcm16Mono(female), 22050).medianHz;
        const maleHz = estimatePitch(expectPcm16Mono(male), 22050).medianHz;
        expect(maleHz).toBeGreaterThan(80);
        expect(maleHz).toBeLessThan(150);
        expect(femaleHz).toBeGreaterThan(170);
        expect(femaleHz / maleHz).toBeGreaterThan(1.5);
      },
    );
  });

  describe('speed', () => {
    let normal: number;
    beforeAll(async () => {
      normal = (await say(SENTENCES.en)).durationMs;
    });

    it.each([
      [2, 0.5],
      [0.5, 2],
      [4, 0.25],
      [0.25, 4],
      [1.5, 1 / 1.5],
    ])('speed %s gives %s of the duration (within 20 percent)', async (speed, ratio) => {
      const audio = await say(SENTENCES.en, { speed });
      expectPcm16Mono(audio);
      expect(audio.durationMs / normal).toBeGreaterThan(ratio * 0.8);
      expect(audio.durationMs / normal).toBeLessThan(ratio * 1.2);
    });

    it('keeps the pitch when it has to stretch the audio (0.25 and 4.0)', async () => {
      const pitch = async (speed: number) =>
        estimatePitch(expectPcm16Mono(await say(SENTENCES.en, { speed })), 22050).medianHz;
      const base = await pitch(1);
      for (const speed of [0.25, 4]) {
        expect(Math.abs((await pitch(speed)) - base) / base).toBeLessThan(0.12);
      }
    });
  });

  describe('text', () => {
    it('reads quotes, line breaks, markup-like tags and phoneme brackets as text', async () => {
      const text =
        "He said \"it's fine\" and 'no'.\nDose: <5 mg>\n\n<speak>Hello</speak> [[h@l0U]] & ; -v fr";
      const audio = await say(text);
      expectPcm16Mono(audio);
      expect(audio.durationMs).toBeGreaterThan(4000);
    });

    it('speaks a 5000-character text', async () => {
      const sentence = 'The patient takes 20 mg of omeprazole every morning. ';
      const text = sentence.repeat(Math.ceil(5000 / sentence.length)).slice(0, 5000);
      const audio = await say(text, { speed: 2 });
      expectPcm16Mono(audio);
      // ~800 words at 350 wpm: over two minutes.
      expect(audio.durationMs).toBeGreaterThan(120_000);
    }, 30_000);

    it('answers an empty WAV for a text with nothing to say', async () => {
      for (const text of [' ', '\u0000']) {
        const audio = await say(text);
        expectPcm16Mono(audio);
        expect(audio.durationMs).toBeLessThan(100);
      }
    });

    it('speaks non-Latin scripts', async () => {
      const tooShort: string[] = [];
      for (const [language, text] of [
        ['ru', 'У пациента болит голова.'],
        ['ar', 'المريض يعاني من الصداع.'],
        ['hi', 'मरीज़ को सिरदर्द है।'],
        ['as', 'সময় মই ভাল আছো'],
      ]) {
        const audio = await say(text, { language });
        expectPcm16Mono(audio);
        if (!(audio.durationMs > 700)) tooShort.push(`${language}: ${audio.durationMs} ms`);
      }
      expect(tooShort).toEqual([]);
    });
  });

  describe('failures', () => {
    it('kills the process when the deadline passes', async () => {
      const text = 'The patient takes 20 mg of omeprazole every morning. '.repeat(90);
      const controller = new AbortController();
      const pending = say(text, { speed: 0.25 }, controller.signal);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(espeakChildren().length).toBe(1);
      const aborted = Date.now();
      controller.abort(deadline());
      const error = await pending.catch((e: unknown) => e);
      expect(Date.now() - aborted).toBeLessThan(200);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect((error as EngineError).detail).toBe(
        "TTS engine 'espeak-ng': did not finish within 30000 ms; the process was stopped. Raise TTS_TIMEOUT_MS (currently 30000) for long texts or slow speeds.",
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(espeakChildren()).toEqual([]);
    });

    it('does not start a process for an already aborted signal', async () => {
      const controller = new AbortController();
      controller.abort(deadline());
      await expect(say('Hello', {}, controller.signal)).rejects.toBeInstanceOf(EngineTimeoutError);
    });

    it('runs at most `concurrency` processes at once', async () => {
      const limited = new EspeakNgEngine({ timeoutMs: 30_000, concurrency: 2 }, catalog.all());
      await limited.voices();
      const text = 'The patient takes 20 mg of omeprazole every morning. '.repeat(20);
      let peak = 0;
      const timer = setInterval(() => (peak = Math.max(peak, espeakChildren().length)), 20);
      const request = { text, language: 'en', gender: 'male' as const, speed: 1 };
      await Promise.all(
        [1, 2, 3, 4, 5].map(() => limited.synthesize(request, new AbortController().signal)),
      );
      clearInterval(timer);
      expect(peak).toBeGreaterThanOrEqual(1);
      expect(peak).toBeLessThanOrEqual(2);
    }, 30_000);

    it('answers 503-type errors naming the package when espeak-ng is missing', async () => {
      const missing = new EspeakNgEngine(
        { timeoutMs: 1000, command: 'espeak-ng-not-installed' },
        catalog.all(),
      );
      const error = await missing.voices().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect((error as EngineError).detail).toBe(
        "TTS engine 'espeak-ng': could not be started (ENOENT). Install the Debian package espeak-ng (npm run setup does).",
      );
      // Not cached: a later call tries again.
      await expect(missing.voices()).rejects.toBeInstanceOf(EngineUnavailableError);
    });

    it('answers 503-type errors when no voice works rather than listing none', async () => {
      // `true` lists no voice and writes no audio.
      const broken = new EspeakNgEngine({ timeoutMs: 1000, command: 'true' }, catalog.all());
      const error = await broken.voices().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect((error as EngineError).message).toBe(
        'has no working voice: no language it lists produced audio.',
      );
    });
  });
});

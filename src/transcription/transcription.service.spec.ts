import { describe, expect, it, jest } from '@jest/globals';
import type { AudioService } from '../audio/audio.service.js';
import type { SentenceSegmenterFactory } from '../audio/vad/vad.module.js';
import { EngineTimeoutError, EngineUnavailableError } from '../common/errors/engine.errors.js';
import { AppConfig } from '../config/app-config.js';
import { rejection } from '../../test/support/rejection.js';
import type { AsrEngine } from './engines/asr-engine.js';
import type { LanguageIdentifier } from '../language/identification/language-identifier.js';
import { TranscriptionService } from './transcription.service.js';

/** The service's language rules, with a recognizer and an identifier whose answers are set. */
function service(
  languages: string[],
  heard: { text: string; locale?: string },
  identified: { locale: string; decided: boolean },
) {
  const engine: AsrEngine = {
    name: 'fake',
    languages: () => languages,
    transcribe: jest.fn(async () => heard),
  };
  const identifier = {
    identify: jest.fn<LanguageIdentifier['identify']>(() => ({ ...identified, confidence: 0.9 })),
  };
  return { transcription: serviceOver(engine, identifier), engine, identifier };
}

/** The service over a fake engine and identifier, nothing else used. */
function serviceOver(engine: unknown, identifier: unknown): TranscriptionService {
  return new TranscriptionService(
    engine as ConstructorParameters<typeof TranscriptionService>[0],
    {} as AudioService,
    {} as SentenceSegmenterFactory,
    identifier as LanguageIdentifier,
    new AppConfig(),
  );
}

const samples = new Float32Array(1600);
/** What a recognizer that reports no confidence (or an empty text) gets. */
const NO_CONFIDENCE = { confidence: null, lowConfidence: false };

describe('TranscriptionService languages', () => {
  it('identifies among the hints the recognizer handles, medic first', async () => {
    const { transcription, engine, identifier } = service(
      ['en-US', 'fr-FR', 'es-ES'],
      { text: 'le patient' },
      { locale: 'fr-FR', decided: true },
    );
    const result = await transcription.transcribeSegment(samples, ['es-ES', 'de-DE', 'fr-FR']);
    expect(identifier.identify).toHaveBeenCalledWith('le patient', ['es-ES', 'fr-FR']);
    expect(jest.mocked(engine.transcribe).mock.calls[0][0].localeHints).toEqual(['es-ES', 'fr-FR']);
    expect(result).toEqual({
      text: 'le patient',
      locale: 'fr-FR',
      languageDecided: true,
      ...NO_CONFIDENCE,
    });
  });

  it('takes the first hint when the text is too short to tell (§4.3.2)', async () => {
    const { transcription } = service(
      ['en-US', 'fr-FR'],
      { text: 'ok' },
      { locale: 'en-US', decided: false },
    );
    expect(await transcription.transcribeSegment(samples, ['fr-FR', 'en-US'])).toEqual({
      text: 'ok',
      locale: 'fr-FR',
      languageDecided: false,
      ...NO_CONFIDENCE,
    });
  });

  it('counts the language as decided when the recognizer was held to one, however short the text', async () => {
    const { transcription } = service(
      ['en-US'],
      { text: 'yes' },
      { locale: 'en-US', decided: false },
    );
    expect(await transcription.transcribeSegment(samples, ['es-ES', 'en-US'])).toEqual({
      text: 'yes',
      locale: 'en-US',
      languageDecided: true,
      ...NO_CONFIDENCE,
    });
  });

  it("answers a single-language recognizer's language without hints", async () => {
    const { transcription, identifier } = service(
      ['en-US'],
      { text: 'hello there' },
      { locale: 'en-US', decided: true },
    );
    expect((await transcription.transcribeSegment(samples)).locale).toBe('en-US');
    expect(identifier.identify).toHaveBeenCalledWith('hello there', ['en-US']);
  });

  it('lets a multilingual recognizer identify among all languages, falling back to its own locale, then und', async () => {
    const many = ['de-DE', 'en-US', 'fr-FR'];
    const decided = service(many, { text: 'bonjour à tous' }, { locale: 'fr-FR', decided: true });
    expect((await decided.transcription.transcribeSegment(samples)).locale).toBe('fr-FR');
    expect(decided.identifier.identify).toHaveBeenCalledWith('bonjour à tous', []);

    const reported = service(
      many,
      { text: 'ja', locale: 'de-DE' },
      { locale: 'und', decided: false },
    );
    expect((await reported.transcription.transcribeSegment(samples)).locale).toBe('de-DE');

    const unknown = service(many, { text: 'mm' }, { locale: 'und', decided: false });
    expect((await unknown.transcription.transcribeSegment(samples)).locale).toBe('und');
  });

  it('answers empty text without asking the identifier', async () => {
    const { transcription, identifier } = service(
      ['en-US'],
      { text: '  ' },
      { locale: 'en-US', decided: true },
    );
    expect(await transcription.transcribeSegment(samples)).toEqual({
      text: '',
      locale: 'en-US',
      languageDecided: false,
      ...NO_CONFIDENCE,
    });
    expect(identifier.identify).not.toHaveBeenCalled();
  });
});

describe('TranscriptionService.probe', () => {
  const probing = (engine: Partial<AsrEngine>, asrTimeoutMs = 30_000) => {
    const full: AsrEngine = {
      name: 'fake',
      languages: () => ['en-US'],
      transcribe: jest.fn(async () => ({ text: '' })),
      ...engine,
    };
    const config = Object.assign(new AppConfig(), { ASR_TIMEOUT_MS: asrTimeoutMs });
    const transcription = new TranscriptionService(
      full,
      {} as AudioService,
      {} as SentenceSegmenterFactory,
      {} as LanguageIdentifier,
      config,
    );
    return { transcription, engine: full };
  };

  it("runs the engine's own probe on every call, not a transcription", async () => {
    const probe = jest.fn(async () => undefined);
    const { transcription, engine } = probing({ probe });
    await transcription.probe();
    await transcription.probe();
    expect(probe).toHaveBeenCalledTimes(2);
    expect(engine.transcribe).not.toHaveBeenCalled();
  });

  it('transcribes half a second of silence when the engine has no probe', async () => {
    const { transcription, engine } = probing({});
    await transcription.probe();
    expect(engine.transcribe).toHaveBeenCalledTimes(1);
    const [audio, signal] = jest.mocked(engine.transcribe).mock.calls[0];
    expect(audio.samples).toHaveLength(8_000);
    expect(audio.samples.every((sample) => sample === 0)).toBe(true);
    expect(audio.localeHints).toEqual([]);
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it("rejects with the engine's error", async () => {
    const failure = new EngineUnavailableError('Transcription', 'fake', 'is down.', 'Fix it.');
    const { transcription } = probing({ probe: () => Promise.reject(failure) });
    await expect(transcription.probe()).rejects.toBe(failure);
  });

  it('gives up on a probe that never answers after ASR_TIMEOUT_MS, naming the engine', async () => {
    const { transcription } = probing({ probe: () => new Promise<void>(() => {}) }, 50);
    const error = await rejection(transcription.probe(), EngineTimeoutError);
    expect(error.detail).toBe(
      "Transcription engine 'fake': no answer within 50 ms. Check the engine, or raise ASR_TIMEOUT_MS.",
    );
  });
});

describe('TranscriptionService confidence', () => {
  /** A recognizer answering `heard` in turn, with a calibrated threshold of 0.5. */
  const recognizer = (heard: { text: string; confidence?: number }[]) => {
    const engine: AsrEngine = {
      name: 'fake',
      languages: () => ['en-US'],
      lowConfidenceBelow: 0.5,
      transcribe: jest.fn(async () => heard.shift() ?? { text: '' }),
    };
    const identifier = {
      identify: jest.fn<LanguageIdentifier['identify']>(() => ({
        locale: 'en-US',
        decided: true,
        confidence: 0.9,
      })),
    };
    // Each fake sentence is one "sentence" of the segmenter.
    const sentences = heard.map(() => ({ samples }));
    const segmenters = {
      create: () => ({ push: async () => sentences, flush: async () => [] }),
    } as unknown as SentenceSegmenterFactory;
    const audio = {
      decodeTo16kMono: async () => ({ samples }),
    } as unknown as AudioService;
    return new TranscriptionService(
      engine,
      audio,
      segmenters,
      identifier as unknown as LanguageIdentifier,
      new AppConfig(),
    );
  };

  it('passes the confidence on, rounded, and marks it low under the threshold', async () => {
    const sure = recognizer([{ text: 'take two tablets', confidence: 0.87654 }]);
    expect(await sure.transcribeSegment(samples)).toMatchObject({
      confidence: 0.877,
      lowConfidence: false,
    });
    const unsure = recognizer([{ text: 'take q tablets', confidence: 0.31 }]);
    expect(await unsure.transcribeSegment(samples)).toMatchObject({
      confidence: 0.31,
      lowConfidence: true,
    });
  });

  it('gives a recording the confidence of its least sure sentence', async () => {
    const transcription = recognizer([
      { text: 'the fever started', confidence: 0.9 },
      { text: 'yesterday', confidence: 0.42 },
      { text: '' },
    ]);
    expect(await transcription.transcribeWav(new Uint8Array())).toEqual({
      text: 'the fever started yesterday',
      language: 'en-US',
      confidence: 0.42,
      low_confidence: true,
      success: true,
    });
  });

  it('answers null, not low, when nothing was recognized', async () => {
    const transcription = recognizer([{ text: '' }]);
    expect(await transcription.transcribeWav(new Uint8Array())).toMatchObject({
      text: '',
      confidence: null,
      low_confidence: false,
    });
  });
});

describe('TranscriptionService.startLiveSentence', () => {
  /** An engine whose streams answer `answers` in turn at finish (a rejection for an Error). */
  function streaming(answers: ({ text: string; confidence?: number } | Error)[]) {
    const engine: AsrEngine = {
      name: 'fake',
      languages: () => ['en-US'],
      lowConfidenceBelow: 0.5,
      transcribe: jest.fn(async () => ({ text: 'decoded whole', confidence: 0.8 })),
      openStream: jest.fn(() => ({
        push: () => undefined,
        cancel: () => undefined,
        finish: async () => {
          const answer = answers.shift() ?? { text: '' };
          if (answer instanceof Error) throw answer;
          return answer;
        },
      })),
    };
    const identifier = {
      identify: jest.fn<LanguageIdentifier['identify']>(() => ({
        locale: 'en-US',
        decided: true,
        confidence: 0.9,
      })),
    };
    return { transcription: serviceOver(engine, identifier), engine, identifier };
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('joins the parts finished at pauses, then judges and identifies the joined text once', async () => {
    const { transcription, engine, identifier } = streaming([
      { text: 'my chest hurts', confidence: 0.3 },
      { text: 'when i breathe', confidence: 0.9 },
    ]);
    const live = transcription.startLiveSentence(['en-US'])!;
    live.push(samples);
    live.pause();
    await settled();
    live.push(samples); // speech again: a second part
    await settled();
    const transcript = await live.finish(samples);
    expect(engine.openStream).toHaveBeenCalledTimes(2);
    expect(engine.transcribe).not.toHaveBeenCalled();
    expect(transcript).toMatchObject({
      text: 'my chest hurts when i breathe',
      confidence: Math.round(Math.sqrt(0.3 * 0.9) * 1000) / 1000,
      lowConfidence: false,
    });
    expect(identifier.identify).toHaveBeenCalledTimes(1);
    expect(identifier.identify.mock.calls[0][0]).toBe('my chest hurts when i breathe');
  });

  it('decodes the sentence whole when a part finished early failed', async () => {
    const { transcription, engine } = streaming([new EngineUnavailableError('T', 'fake', 'gone.')]);
    const live = transcription.startLiveSentence(['en-US'])!;
    live.push(samples);
    live.pause();
    const whole = new Float32Array(3200);
    expect(await live.finish(whole)).toMatchObject({ text: 'decoded whole', confidence: 0.8 });
    expect(engine.transcribe).toHaveBeenCalledWith(
      { samples: whole, localeHints: ['en-US'] },
      expect.any(AbortSignal),
    );
  });

  it('a sentence never paused fails as before, not decoded whole', async () => {
    const { transcription, engine } = streaming([new EngineUnavailableError('T', 'fake', 'gone.')]);
    const live = transcription.startLiveSentence(['en-US'])!;
    live.push(samples);
    await expect(live.finish(samples)).rejects.toBeInstanceOf(EngineUnavailableError);
    expect(engine.transcribe).not.toHaveBeenCalled();
  });
});

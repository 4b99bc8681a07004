import { beforeEach, describe, expect, it } from '@jest/globals';
import { EngineError, EngineTimeoutError } from '../common/errors/engine.errors.js';
import { LanguageUnavailableError, VoiceUnavailableError } from '../common/errors/domain.errors.js';
import { toErrorResponse } from '../common/http/http-error.filter.js';
import { loadConfig } from '../config/load-config.js';
import { EngineSynthesis, SynthesizedAudio, TtsEngine, Voice } from './engines/tts-engine.js';
import { SynthesisService } from './synthesis.service.js';

const AUDIO: SynthesizedAudio = { wav: Buffer.from('RIFF'), sampleRate: 22050, durationMs: 1 };

class FakeEngine implements TtsEngine {
  readonly name = 'fake';
  readonly calls: EngineSynthesis[] = [];
  signals: AbortSignal[] = [];
  /** What synthesize does; default: answers AUDIO at once. */
  behaviour: (signal: AbortSignal) => Promise<SynthesizedAudio> = () => Promise.resolve(AUDIO);

  voices(): Promise<readonly Voice[]> {
    return Promise.resolve([
      { language: 'en', gender: 'female' },
      { language: 'en', gender: 'male' },
      { language: 'fr', gender: 'female' },
    ]);
  }

  synthesize(request: EngineSynthesis, signal: AbortSignal): Promise<SynthesizedAudio> {
    this.calls.push(request);
    this.signals.push(signal);
    return this.behaviour(signal);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('SynthesisService', () => {
  let engine: FakeEngine;
  let service: SynthesisService;

  beforeEach(() => {
    engine = new FakeEngine();
    service = new SynthesisService(engine, loadConfig({ TTS_TIMEOUT_MS: '100' }));
  });

  it('lists the voices and tells whether a language has one', async () => {
    expect(await service.listVoices()).toEqual({
      voices: [
        { language: 'en', gender: 'female' },
        { language: 'en', gender: 'male' },
        { language: 'fr', gender: 'female' },
      ],
    });
    expect(await service.hasLanguage('fr')).toBe(true);
    expect(await service.hasLanguage('de')).toBe(false);
  });

  it('passes the request with speed 1 by default and names the engine', async () => {
    const result = await service.synthesize({ text: 'Hello', language: 'en', gender: 'male' });
    expect(result).toEqual({ ...AUDIO, engine: 'fake' });
    expect(engine.calls).toEqual([{ text: 'Hello', language: 'en', gender: 'male', speed: 1 }]);
    await service.synthesize({ text: 'Hi', language: 'fr', gender: 'female', speed: 0.25 });
    expect(engine.calls[1].speed).toBe(0.25);
  });

  it('refuses a language without a voice: 422 on body.language listing the languages', async () => {
    const error = await rejection(
      service.synthesize({ text: 'Hallo', language: 'de', gender: 'female' }),
    );
    expect(error).toBeInstanceOf(LanguageUnavailableError);
    expect(toErrorResponse(error).status).toBe(422);
    expect(toErrorResponse(error).body.detail).toEqual([
      {
        loc: ['body', 'language'],
        msg: "No voice speaks 'de' with the active speech engine 'fake'. Languages with a voice: en, fr (GET /api/v1/synthetize/voices).",
        type: 'language_unavailable',
      },
    ]);
    expect(engine.calls).toHaveLength(0);
  });

  it('refuses a gender the language lacks: 422 on body.gender naming what exists', async () => {
    const error = await rejection(
      service.synthesize({ text: 'Salut', language: 'fr', gender: 'male' }),
    );
    expect(error).toBeInstanceOf(VoiceUnavailableError);
    expect(toErrorResponse(error).body.detail).toEqual([
      {
        loc: ['body', 'gender'],
        msg: "'fr' has no male voice with the active speech engine 'fake', only female (GET /api/v1/synthetize/voices).",
        type: 'voice_unavailable',
      },
    ]);
  });

  it('aborts the engine at TTS_TIMEOUT_MS and answers a timeout naming the engine', async () => {
    engine.behaviour = (signal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const error = await rejection(
      service.synthesize({ text: 'Hi', language: 'en', gender: 'male' }),
    );
    expect(engine.signals[0].aborted).toBe(true);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect((error as EngineError).engine).toBe('fake');
  });

  it('gives up even when an engine ignores the signal', async () => {
    engine.behaviour = () => new Promise(() => undefined);
    const started = Date.now();
    const error = await rejection(
      service.synthesize({ text: 'Hi', language: 'en', gender: 'male' }),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect((error as EngineError).detail).toBe(
      "TTS engine 'fake': no audio within 100 ms. Check the engine, or raise TTS_TIMEOUT_MS.",
    );
  });

  it("lets a caller's signal cancel the synthesis", async () => {
    engine.behaviour = (signal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const controller = new AbortController();
    const pending = service.synthesize(
      { text: 'Hi', language: 'en', gender: 'male' },
      controller.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('session closed'));
    await expect(pending).rejects.toThrow('session closed');
  });
});

import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import {
  compareVoices,
  EngineSynthesis,
  SynthesizedAudio,
  TtsEngine,
  Voice,
} from './tts-engine.js';

type LifecycleEngine = TtsEngine & Partial<OnModuleInit & OnModuleDestroy>;

/**
 * The embedded synthesis (TTS_ENGINE=embedded): several local engines, each (language, gender)
 * spoken by the first engine, in order of preference, that has a working voice for it. With
 * flite, festival, espeak-ng: English by flite, Italian by festival, the rest by espeak-ng, and
 * English or Italian by espeak-ng when flite or festival is missing. The voice list is the union of
 * what the engines checked. A request an engine fails on (not a timeout) goes to the next engine
 * with that voice.
 */
export class EmbeddedSpeechEngine implements TtsEngine, OnModuleInit, OnModuleDestroy {
  readonly name = 'embedded';
  private readonly logger = new Logger('EmbeddedSpeechEngine');
  /** Why an engine last failed to list its voices: the error when none lists any. */
  private lastFailure?: unknown;

  /** `engines`: by preference, the most intelligible first. */
  constructor(private readonly engines: readonly LifecycleEngine[]) {}

  onModuleInit(): void {
    for (const engine of this.engines) engine.onModuleInit?.();
  }

  onModuleDestroy(): void {
    for (const engine of this.engines) engine.onModuleDestroy?.();
  }

  async voices(): Promise<readonly Voice[]> {
    const routes = await this.routes();
    if (routes.size === 0) {
      // As espeak-ng alone: no list at all rather than an empty one (every request a 422).
      throw this.lastFailure ?? new EngineUnavailableError('TTS', this.name, 'has no voice.');
    }
    return [...routes.values()].map(([voice]) => voice).sort(compareVoices);
  }

  async synthesize(request: EngineSynthesis, signal: AbortSignal): Promise<SynthesizedAudio> {
    const engines = (await this.routes()).get(key(request))?.[1] ?? [];
    if (engines.length === 0) {
      throw new EngineUnavailableError(
        'TTS',
        this.name,
        `has no ${request.gender} voice for '${request.language}'.`,
      );
    }
    for (let index = 0; ; index++) {
      const engine = engines[index];
      try {
        return await engine.synthesize(request, signal);
      } catch (error) {
        const next = engines[index + 1];
        if (!next || signal.aborted || !(error instanceof EngineUnavailableError)) throw error;
        // The reason names no text (EngineError messages never do).
        this.logger.warn({
          msg: 'speech engine failed; the next one speaks',
          engine: engine.name,
          next: next.name,
          reason: error.message,
        });
      }
    }
  }

  /** Each voice any engine has → that voice and the engines having it, by preference. */
  private async routes(): Promise<Map<string, [Voice, TtsEngine[]]>> {
    const lists = await Promise.all(
      this.engines.map((engine) =>
        engine.voices().catch((error: unknown) => {
          this.lastFailure = error;
          return [] as readonly Voice[];
        }),
      ),
    );
    const routes = new Map<string, [Voice, TtsEngine[]]>();
    lists.forEach((voices, index) => {
      for (const voice of voices) {
        const route = routes.get(key(voice));
        if (route) route[1].push(this.engines[index]);
        else routes.set(key(voice), [{ ...voice }, [this.engines[index]]]);
      }
    });
    return routes;
  }
}

function key({ language, gender }: Pick<Voice, 'language' | 'gender'>): string {
  return `${language}:${gender}`;
}

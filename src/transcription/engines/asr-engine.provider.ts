import { availableParallelism } from 'node:os';
import { Provider } from '@nestjs/common';
import { AppConfig, AsrEngineName } from '../../config/app-config.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { ASR_ENGINE, AsrEngine } from './asr-engine.js';
import { MoonshineEngine } from './moonshine/moonshine.engine.js';
import { MoonshinePocketsphinxEngine } from './moonshine-pocketsphinx/moonshine-pocketsphinx.engine.js';
import { OpenAiTranscriptionEngine } from './openai-transcription.engine.js';
import { PocketsphinxEngine } from './pocketsphinx/pocketsphinx.engine.js';

/**
 * Live decoders per pool decoder when ASR_LIVE_DECODERS is unset: two per core, so that a 2-core
 * server streams the sentences of 4 people speaking at once and decodes any more whole at their
 * end. Streaming all 8 sessions' sentences on 2 cores took the CPU from 44–47 % to 65–70 % and
 * tripled the p95 of boundary → speech (563–596 → 1,896–2,101 ms; docs/benchmarks.md, "Live
 * sessions"), so more is not the default. Each costs ~5–20 MiB, forked from the loaded model.
 */
export const DEFAULT_LIVE_DECODERS_PER_POOL_DECODER = 2;

/** Chooses the speech recognizer from ASR_ENGINE (the config has checked its settings). */
export const asrEngineProvider: Provider = {
  provide: ASR_ENGINE,
  inject: [AppConfig, LanguageCatalog],
  useFactory: (config: AppConfig, catalog: LanguageCatalog): AsrEngine => {
    const timeoutMs = config.ASR_TIMEOUT_MS;
    switch (config.ASR_ENGINE) {
      case AsrEngineName.OpenAI:
        return new OpenAiTranscriptionEngine(
          {
            baseUrl: config.ASR_OPENAI_BASE_URL!,
            apiKey: config.ASR_OPENAI_API_KEY,
            model: config.ASR_OPENAI_MODEL!,
            timeoutMs,
          },
          catalog.all().map((language) => language.bcp47),
        );
      case AsrEngineName.Moonshine:
        return new MoonshineEngine({
          threads: poolSize(config),
          timeoutMs,
        });
      case AsrEngineName.Pocketsphinx:
        return pocketsphinx(config);
      case AsrEngineName.MoonshinePocketsphinx:
        // Moonshine as the ScoringRecognizer, pocketsphinx as the ProposingRecognizer. One
        // Moonshine thread (~250 MiB) per two pocketsphinx decoders: it decodes a sentence in
        // about a quarter of pocketsphinx's time (docs/speech.md, "Moonshine with pocketsphinx").
        return new MoonshinePocketsphinxEngine(
          new MoonshineEngine({ threads: Math.ceil(poolSize(config) / 2), timeoutMs }),
          pocketsphinx(config),
        );
    }
  },
};

const poolSize = (config: AppConfig): number => config.ASR_POOL_SIZE ?? availableParallelism();

function pocketsphinx(config: AppConfig): PocketsphinxEngine {
  const size = poolSize(config);
  return new PocketsphinxEngine({
    poolSize: size,
    // A held decoder mostly waits for speech: memory bounds them, not cores. On by default
    // since streamed sentences are as accurate as whole ones (docs/speech.md).
    liveDecoders: config.ASR_LIVE_DECODERS ?? DEFAULT_LIVE_DECODERS_PER_POOL_DECODER * size,
    redecodeBelow: config.ASR_REDECODE_BELOW === 0 ? null : config.ASR_REDECODE_BELOW,
    timeoutMs: config.ASR_TIMEOUT_MS,
  });
}

import { Provider } from '@nestjs/common';
import { AppConfig, TtsEngineName, VoiceCheck } from '../../config/app-config.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { EmbeddedSpeechEngine } from './embedded-speech.engine.js';
import { EspeakNgEngine } from './espeak-ng.engine.js';
import { EspeakVoiceStore } from './espeak-voice-store.js';
import { FestivalEngine } from './festival.engine.js';
import { FliteEngine } from './flite.engine.js';
import { OpenAiSpeechEngine, parseOpenAiVoices } from './openai-speech.engine.js';
import { TTS_ENGINE, TtsEngine } from './tts-engine.js';

/** Chooses the speech synthesis adapter from TTS_ENGINE (the config has checked its settings). */
export const ttsEngineProvider: Provider = {
  provide: TTS_ENGINE,
  inject: [AppConfig, LanguageCatalog],
  useFactory: (config: AppConfig, catalog: LanguageCatalog): TtsEngine => {
    const timeoutMs = config.TTS_TIMEOUT_MS;
    const voiceStore =
      config.TTS_VOICE_CHECK === VoiceCheck.Setup ? new EspeakVoiceStore() : undefined;
    switch (config.TTS_ENGINE) {
      case TtsEngineName.OpenAI:
        return new OpenAiSpeechEngine({
          baseUrl: config.TTS_OPENAI_BASE_URL!,
          apiKey: config.TTS_OPENAI_API_KEY,
          model: config.TTS_OPENAI_MODEL!,
          voices: parseOpenAiVoices(config.TTS_OPENAI_VOICES!),
          timeoutMs,
        });
      case TtsEngineName.EspeakNg:
        return new EspeakNgEngine({ timeoutMs, voiceStore }, catalog.all());
      case TtsEngineName.Embedded:
        return new EmbeddedSpeechEngine([
          new FestivalEngine({ timeoutMs }),
          new FliteEngine({ timeoutMs }),
          new EspeakNgEngine({ timeoutMs, voiceStore }, catalog.all()),
        ]);
    }
  },
};

import { Inject, Injectable } from '@nestjs/common';
import { LanguageUnavailableError, VoiceUnavailableError } from '../common/errors/domain.errors.js';
import { EngineError } from '../common/errors/engine.errors.js';
import { engineTimeout, withEngineDeadline } from '../common/timeout/engine-deadline.js';
import { AppConfig } from '../config/app-config.js';
import { DEFAULT_SPEED, type VoiceGender } from '../language/speech-settings.js';
import { VoiceListDto } from './dto/voice-list.dto.js';
import { SynthesizedAudio, TTS_ENGINE, type TtsEngine, type Voice } from './engines/tts-engine.js';

const VOICES_PATH = 'GET /api/v1/synthetize/voices';

export interface SynthesisRequest {
  /** 1 to 5000 characters; never logged nor quoted in an error. */
  readonly text: string;
  /** ISO 639-1 code of a listed voice, e.g. `en`. */
  readonly language: string;
  readonly gender: VoiceGender;
  /** 0.25 to 4.0; default 1.0. */
  readonly speed?: number;
}

export interface SynthesisResult extends SynthesizedAudio {
  /** The engine that spoke, e.g. `embedded`. */
  readonly engine: string;
}

/** Speech synthesis for the REST API and the orchestrator; the only user of the TTS engine. */
@Injectable()
export class SynthesisService {
  constructor(
    @Inject(TTS_ENGINE) private readonly engine: TtsEngine,
    private readonly config: AppConfig,
  ) {}

  get engineName(): string {
    return this.engine.name;
  }

  /** The voices of the active engine, sorted by language then gender. */
  voices(): Promise<readonly Voice[]> {
    return this.engine.voices();
  }

  /** Whether a voice of either gender speaks `language` (ISO 639-1). */
  async hasLanguage(language: string): Promise<boolean> {
    return (await this.engine.voices()).some((voice) => voice.language === language);
  }

  async listVoices(): Promise<VoiceListDto> {
    const voices = (await this.engine.voices()).map(({ language, gender }) => ({
      language,
      gender,
    }));
    return { voices };
  }

  /**
   * Speaks `text` with the voice of (language, gender): a RIFF WAV, PCM 16-bit mono. A pair no
   * voice has is a LanguageUnavailableError or VoiceUnavailableError naming what exists; an
   * engine failure or TTS_TIMEOUT_MS an EngineError.
   * `signal` lets a caller (e.g. a closing session) give up early.
   */
  async synthesize(request: SynthesisRequest, signal?: AbortSignal): Promise<SynthesisResult> {
    const deadline = {
      service: 'TTS',
      engine: this.engine.name,
      ms: this.config.TTS_TIMEOUT_MS,
      setting: 'TTS_TIMEOUT_MS',
      awaited: 'audio',
    };
    const engineRequest = {
      text: request.text,
      language: request.language,
      gender: request.gender,
      speed: request.speed ?? DEFAULT_SPEED,
    };
    const audio = await withEngineDeadline(deadline, async (expired) => {
      // Inside the deadline: the first request may wait for the engine's voice check.
      await this.checkVoice(request.language, request.gender);
      try {
        return await this.engine.synthesize(
          engineRequest,
          signal ? AbortSignal.any([expired, signal]) : expired,
        );
      } catch (error) {
        // An engine that rejects with the bare abort reason still answers a timeout (503).
        if (!(error instanceof EngineError) && expired.aborted) throw engineTimeout(deadline);
        throw error;
      }
    });
    return { ...audio, engine: this.engine.name };
  }

  private async checkVoice(language: string, gender: VoiceGender): Promise<void> {
    const voices = await this.engine.voices();
    const genders = voices.filter((v) => v.language === language).map((v) => v.gender);
    if (genders.length === 0) {
      const languages = [...new Set(voices.map((v) => v.language))];
      const shown = languages.length > 0 ? languages.join(', ') : 'none';
      throw new LanguageUnavailableError([
        {
          field: 'language',
          message: `No voice speaks '${language}' with the active speech engine '${this.engine.name}'. Languages with a voice: ${shown} (${VOICES_PATH}).`,
          type: 'language_unavailable',
        },
      ]);
    }
    if (!genders.includes(gender)) {
      throw new VoiceUnavailableError([
        {
          field: 'gender',
          message: `'${language}' has no ${gender} voice with the active speech engine '${this.engine.name}', only ${genders.join(' and ')} (${VOICES_PATH}).`,
          type: 'voice_unavailable',
        },
      ]);
    }
  }
}

import { toFile } from 'openai';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { field } from '../../common/errors/remote-error-text.js';
import { OpenAiCompatibleClient } from '../../common/openai/openai-compatible-client.js';
import type { OpenAiSettings } from '../../common/openai/openai-errors.js';
import { encodeWav } from '../../audio/wav-encoder.js';
import { ASR_SAMPLE_RATE, AsrAudio, AsrEngine, AsrTranscript } from './asr-engine.js';

const SETTINGS = {
  baseUrl: 'ASR_OPENAI_BASE_URL',
  apiKey: 'ASR_OPENAI_API_KEY',
  model: 'ASR_OPENAI_MODEL',
  timeout: 'ASR_TIMEOUT_MS',
  serverKind: 'transcription',
};

const SERVICE = 'Transcription';
const ENGINE = 'openai';
/** Language subtags whose ISO 639-1 code differs (Filipino is sent as Tagalog, Bokmål as Norwegian). */
const ISO_639_1: Readonly<Record<string, string>> = { fil: 'tl', nb: 'no' };

export type OpenAiTranscriptionOptions = OpenAiSettings;

/**
 * Adapter for any OpenAI-compatible transcription server (speaches / faster-whisper, vLLM,
 * LocalAI, OpenAI): the segment goes up as a WAV made in memory, with no retries.
 */
export class OpenAiTranscriptionEngine implements AsrEngine {
  readonly name = ENGINE;
  private readonly client: OpenAiCompatibleClient;

  constructor(
    private readonly options: OpenAiTranscriptionOptions,
    /** What the model recognizes: Whisper-class models are multilingual, so every catalog locale. */
    private readonly locales: readonly string[],
  ) {
    this.client = new OpenAiCompatibleClient({
      service: SERVICE,
      engine: ENGINE,
      names: SETTINGS,
      settings: options,
    });
  }

  languages(): readonly string[] {
    return this.locales;
  }

  async transcribe(
    { samples, localeHints }: AsrAudio,
    signal: AbortSignal,
  ): Promise<AsrTranscript> {
    const language = this.language(localeHints);
    const answer: unknown = await this.client.request({ signal }, async (api) => {
      const file = await toFile(encodeWav(samples, ASR_SAMPLE_RATE), 'audio.wav', {
        type: 'audio/wav',
      });
      return api.audio.transcriptions.create(
        {
          file,
          model: this.options.model,
          response_format: 'json',
          ...(language ? { language } : {}),
        },
        { signal },
      );
    });
    const text = field(answer, 'text');
    if (typeof text !== 'string') {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        'answered without a transcription text.',
        this.client.hints.url(),
      );
    }
    return { text: text.trim() };
  }

  /**
   * Transcribes half a second of silence (a 16 kHz WAV made in memory), within ASR_TIMEOUT_MS:
   * a real inference, as GET /health requires. `GET /models` would prove less: speaches lists
   * models it has not loaded yet (it loads on first use), vLLM's API server answers it from its
   * configuration without the engine, and OpenAI's does not say the audio endpoint works. A
   * transcription also checks the key, the model name and the answer's shape, with the errors
   * (and hints) of a real request. The text is ignored (Whisper may hallucinate on silence).
   * Rejects with an EngineError naming `openai`.
   */
  async probe(): Promise<void> {
    const silence = new Float32Array(ASR_SAMPLE_RATE / 2);
    await this.transcribe(
      { samples: silence, localeHints: [] },
      AbortSignal.timeout(this.options.timeoutMs),
    );
  }

  /**
   * The ISO 639-1 code sent as `language`, only when every hint names the same language: with
   * the medic's and the patient's locales both possible, forcing the first would make a Whisper
   * model transcribe (in effect, translate) the patient's speech into the medic's language.
   */
  private language(hints: readonly string[]): string | undefined {
    const subtags = new Set(hints.map((hint) => hint.split(/[-_]/)[0].toLowerCase()));
    if (subtags.size !== 1) return undefined;
    const [subtag] = subtags;
    const code = ISO_639_1[subtag] ?? subtag;
    return /^[a-z]{2}$/.test(code) ? code : undefined;
  }
}

import { Transform } from 'class-transformer';
import {
  IsEnum,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { toInt, toFloat, trimmed, httpUrl } from './env-values.js';
import { AsrEngineName, TtsEngineName, VoiceCheck } from '../engine-names.js';
import { TranslationEnv } from './translation.env.js';

/** Speech: audio uploads and voice activity detection, transcription, speech synthesis. */
export class SpeechEnv extends TranslationEnv {
  /** Largest accepted audio upload (decoded bytes of the WAV file), in bytes. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MAX_AUDIO_BYTES: number = 25 * 1024 * 1024;

  /** Speech probability at or above which a 32 ms VAD frame counts as speech. */
  @Transform(toFloat)
  @IsNumber()
  @Min(0.05)
  @Max(0.95)
  VAD_THRESHOLD: number = 0.5;

  /** Consecutive silent frames (32 ms each) that end a sentence (interface §4.3.4: 20). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  VAD_SILENCE_FRAMES: number = 20;

  /** Audio kept before the first speech frame so first syllables are not cut, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(2000)
  VAD_PREROLL_MS: number = 192;

  /** A sentence longer than this is split, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(120_000)
  VAD_MAX_SENTENCE_MS: number = 15_000;

  // --- Transcription ---

  @Transform(trimmed)
  @IsEnum(AsrEngineName)
  ASR_ENGINE: AsrEngineName = AsrEngineName.MoonshinePocketsphinx;

  /** Time allowed to transcribe one segment, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  ASR_TIMEOUT_MS: number = 30_000;

  /**
   * Decoders for whole sentences: pocketsphinx processes (each holds the model, ~95 MiB
   * resident), or Moonshine threads (~250 MiB each; the default engine has one per two
   * pocketsphinx decoders). Default: the number of cores.
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(32)
  ASR_POOL_SIZE?: number;

  /**
   * Further pocketsphinx decoders that decode sentences while they are spoken, one per sentence
   * spoken at the same time (each forked from the loaded model, ~5–20 MiB; 0 turns streaming
   * off). When all are held, a sentence is decoded whole at its end. Default: twice
   * ASR_POOL_SIZE (streaming more costs CPU: docs/benchmarks.md, "Live sessions"). Streamed
   * sentences are as accurate as whole ones and have their text ready ~45 ms after the sentence
   * boundary instead of ~360 ms (docs/speech.md, "Which decoders stream").
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(64)
  ASR_LIVE_DECODERS?: number;

  /**
   * A sentence decoded while spoken whose confidence comes out under this (or that has no words)
   * is decoded again whole at its end, and the more confident answer kept: fewer doubtful
   * sentences on real voices, for those sentences' decoder CPU doubled and their asr_result
   * ~75–80 ms later (most of the second decode runs in the wait for the boundary). Default:
   * pocketsphinx's low-confidence threshold (0.49); 0 turns it off (docs/speech.md, "A second
   * decode").
   */
  @Transform(toFloat)
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1)
  ASR_REDECODE_BELOW?: number;

  /** OpenAI-compatible transcription server, required when ASR_ENGINE=openai, e.g. http://127.0.0.1:8000/v1 */
  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  ASR_OPENAI_BASE_URL?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  ASR_OPENAI_API_KEY?: string;

  /** The transcription model the server serves, e.g. Systran/faster-whisper-small. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  ASR_OPENAI_MODEL?: string;

  // --- Speech synthesis ---

  @Transform(trimmed)
  @IsEnum(TtsEngineName)
  TTS_ENGINE: TtsEngineName = TtsEngineName.Embedded;

  /** Time allowed to synthesize one text, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  TTS_TIMEOUT_MS: number = 30_000;

  /** setup: read the voices the set-up checked while still current; start: check at each start. */
  @Transform(trimmed)
  @IsEnum(VoiceCheck)
  TTS_VOICE_CHECK: VoiceCheck = VoiceCheck.Setup;

  /** OpenAI-compatible speech server, required when TTS_ENGINE=openai, e.g. http://127.0.0.1:8000/v1 */
  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  TTS_OPENAI_BASE_URL?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  TTS_OPENAI_API_KEY?: string;

  /** The speech model the server serves, e.g. speaches-ai/Kokoro-82M-v1.0-ONNX or tts-1. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  TTS_OPENAI_MODEL?: string;

  /**
   * Voices of the server by language and gender, e.g. `en:female=af_heart,en:male=am_adam`;
   * exactly these are listed by GET /api/v1/synthetize/voices.
   */
  @Transform(trimmed)
  @IsOptional()
  @Matches(/^[a-z]{2}:(female|male)=[^,=\s]+(,[a-z]{2}:(female|male)=[^,=\s]+)*$/, {
    message: 'TTS_OPENAI_VOICES must look like en:female=af_heart,en:male=am_adam',
  })
  TTS_OPENAI_VOICES?: string;
}

import { Inject, Injectable } from '@nestjs/common';
import { AudioService } from '../audio/audio.service.js';
import { SentenceSegmenterFactory } from '../audio/vad/vad.module.js';
import { type EngineDeadline, withEngineDeadline } from '../common/timeout/engine-deadline.js';
import { AppConfig } from '../config/app-config.js';
import { TranscriptionResultDto } from './dto/transcription-result.dto.js';
import {
  ASR_ENGINE,
  ASR_SAMPLE_RATE,
  type AsrChannel,
  type AsrEngine,
  type AsrTranscript,
} from './engines/asr-engine.js';
import { LanguageIdentifier } from '../language/identification/language-identifier.js';
import { PartedRecognition } from './live/parted-recognition.js';

/** One recognized stretch of speech, with its language identified from the text. */
export interface Transcript {
  text: string;
  locale: string;
  /**
   * False when the text was too short to tell, and the first candidate was taken (§4.3.2). True
   * when identified, or when the recognizer was held to one language (its words are in it).
   */
  languageDecided: boolean;
  /** The recognizer's confidence in the text, 0 to 1; null when it reports none (or no text). */
  confidence: number | null;
  /** True when the confidence is below the recognizer's calibrated threshold: ask to repeat. */
  lowConfidence: boolean;
  /**
   * The language of a text clearly in none of the hinted locales' (LanguageGuess.outside: `und`
   * when only its script tells); absent otherwise, and always for a recognizer held to one language.
   */
  outsideLocale?: string;
}

/**
 * A session's recognition channel: what its live sentences carry from one to the next (the
 * acoustic channel as the recognizer estimated it). Create one per session (`{}`), pass it to
 * each of its startLiveSentence calls, and drop it with the session; never log or send it.
 */
export type RecognitionChannel = AsrChannel;

/** A sentence recognized while it is spoken: see TranscriptionService.startLiveSentence. */
export interface LiveRecognition {
  /** 16 kHz mono samples of the sentence, in order, as they arrive. */
  push(samples: Float32Array): void;
  /**
   * The speaker paused: the sentence so far is finished now, so that if it ends in this pause its
   * transcript is ready at the boundary; samples pushed after it are decoded as a further part.
   */
  pause(): void;
  /**
   * Ends the sentence: its transcript, as transcribeSegment() gives it (language, confidence),
   * within ASR_TIMEOUT_MS of each decoder call; `samples` is the whole sentence, decoded whole if
   * it was finished early at a pause and then failed. Rejects with an EngineError.
   */
  finish(samples: Float32Array): Promise<Transcript>;
  /**
   * Right after pause(): the transcript finish() will give if the sentence ends in this pause,
   * without ending the sentence; `undefined` when that cannot be known (a part failed, speech
   * already resumed). Never rejects.
   */
  atPause(): Promise<Transcript | undefined>;
  /** Releases the decoder without a result. */
  cancel(): void;
}

/** Speech recognition for the REST API and the orchestrator; the only user of the ASR engine. */
@Injectable()
export class TranscriptionService {
  constructor(
    @Inject(ASR_ENGINE) private readonly engine: AsrEngine,
    private readonly audio: AudioService,
    private readonly segmenters: SentenceSegmenterFactory,
    private readonly languageId: LanguageIdentifier,
    private readonly config: AppConfig,
  ) {}

  get engineName(): string {
    return this.engine.name;
  }

  /** BCP-47 locales the active recognizer handles. */
  get locales(): readonly string[] {
    return this.engine.languages();
  }

  /**
   * Recognizes one segment of 16 kHz mono speech. `localeHints` (medic first) narrow both the
   * recognizer and the language identification; the language comes from the text (§4.3.3), and
   * is only ever one the recognizer handles.
   */
  async transcribeSegment(
    samples: Float32Array,
    localeHints: readonly string[] = [],
  ): Promise<Transcript> {
    const candidates = this.candidates(localeHints);
    return this.transcriptOf(await this.recognize(samples, candidates), candidates);
  }

  /**
   * Starts recognizing a sentence while it is spoken, if the recognizer can (the embedded one, with
   * a decoder free for the whole sentence); undefined otherwise: the caller then recognizes the
   * finished sentence with transcribeSegment(). `onPartial` gets the words recognized so far;
   * `channel` is the session's (RecognitionChannel), so its sentences share the speaker's channel.
   */
  startLiveSentence(
    localeHints: readonly string[],
    onPartial: (text: string) => void = () => undefined,
    channel?: RecognitionChannel,
  ): LiveRecognition | undefined {
    const candidates = this.candidates(localeHints);
    const parted = new PartedRecognition({
      open: (partial) => this.engine.openStream?.(candidates, partial, channel),
      onPartial,
      deadline: this.deadline(),
    });
    if (!parted.start()) return undefined;
    return {
      push: (samples) => parted.push(samples),
      pause: () => parted.pause(),
      cancel: () => parted.cancel(),
      atPause: async () => {
        const recognized = await parted.atPause();
        return recognized && this.transcriptOf(recognized, candidates);
      },
      finish: async (samples) => {
        const recognized = await parted.finish();
        if (!recognized) return this.transcribeSegment(samples, localeHints);
        return this.transcriptOf(recognized, candidates);
      },
    };
  }

  /** A recognizer's answer as a Transcript: its text trimmed, its language and confidence judged. */
  private transcriptOf(
    recognized: Pick<AsrTranscript, 'text' | 'locale' | 'confidence'>,
    candidates: readonly string[],
  ): Transcript {
    const text = recognized.text.trim();
    return {
      ...this.withLanguage(text, candidates, recognized.locale),
      ...this.judge(text, recognized.confidence),
    };
  }

  /**
   * The REST operation: a whole WAV file, split into sentences by the VAD and recognized sentence
   * by sentence, so long recordings stay within the recognizer's limits. No speech: empty text.
   */
  async transcribeWav(bytes: Uint8Array): Promise<TranscriptionResultDto> {
    const { samples } = await this.audio.decodeTo16kMono(bytes);
    const segmenter = this.segmenters.create();
    const sentences = [...(await segmenter.push(samples)), ...(await segmenter.flush())];
    const candidates = this.candidates([]);
    const texts: string[] = [];
    // The least sure sentence speaks for the recording: one doubtful sentence is worth a repeat.
    let confidence: number | null = null;
    for (const sentence of sentences) {
      // The language is identified once, on the whole text, below.
      const recognized = await this.recognize(sentence.samples, candidates);
      if (!recognized.text) continue;
      texts.push(recognized.text);
      if (recognized.confidence !== undefined) {
        confidence = Math.min(confidence ?? 1, recognized.confidence);
      }
    }
    const { text, locale } = this.withLanguage(texts.join(' '), candidates);
    const judged = this.judge(text, confidence ?? undefined);
    return {
      text,
      language: locale,
      confidence: judged.confidence,
      low_confidence: judged.lowConfidence,
      success: true,
    };
  }

  /** The confidence of a text, and whether it is under the recognizer's threshold. */
  private judge(
    text: string,
    confidence: number | undefined,
  ): Pick<Transcript, 'confidence' | 'lowConfidence'> {
    if (!text || confidence === undefined) return { confidence: null, lowConfidence: false };
    const rounded = Math.round(confidence * 1000) / 1000;
    const below = this.engine.lowConfidenceBelow;
    return { confidence: rounded, lowConfidence: below !== undefined && confidence < below };
  }

  /**
   * A real recognition of a short built-in signal, for GET /health: the engine's own probe (each
   * knows what exercises it best), else half a second of silence through `transcribe`. Runs on
   * every call, within ASR_TIMEOUT_MS; rejects with an EngineError naming the engine.
   */
  async probe(): Promise<void> {
    await withEngineDeadline<unknown>(this.deadline(), (signal) =>
      this.engine.probe
        ? this.engine.probe()
        : this.engine.transcribe(
            { samples: new Float32Array(ASR_SAMPLE_RATE / 2), localeHints: [] },
            signal,
          ),
    );
  }

  /** One recognition within ASR_TIMEOUT_MS; the text trimmed. */
  private async recognize(
    samples: Float32Array,
    candidates: readonly string[],
  ): Promise<{ text: string; locale?: string; confidence?: number }> {
    const { text, locale, confidence } = await withEngineDeadline(this.deadline(), (signal) =>
      this.engine.transcribe({ samples, localeHints: candidates }, signal),
    );
    return { text: text.trim(), locale, confidence };
  }

  private deadline(): EngineDeadline {
    return {
      service: 'Transcription',
      engine: this.engine.name,
      ms: this.config.ASR_TIMEOUT_MS,
      setting: 'ASR_TIMEOUT_MS',
    };
  }

  /**
   * The languages the text may be in: the hints the recognizer handles, in the caller's order;
   * without hints, the recognizer's only language if it has one (pocketsphinx: en-US), else none
   * (a multilingual recognizer: the identifier picks among all languages).
   */
  private candidates(localeHints: readonly string[]): readonly string[] {
    const supported = this.engine.languages();
    const hinted = localeHints.filter((locale) => supported.includes(locale));
    if (hinted.length > 0) return hinted;
    return supported.length === 1 ? supported : [];
  }

  /**
   * The text's language (§4.3.3): identified from the text among the candidates; when the text
   * is too short to tell, the first candidate (§4.3.2), else the locale the engine reported,
   * else `und` (undetermined) — never a guess outside what the recognizer handles.
   */
  private withLanguage(
    text: string,
    candidates: readonly string[],
    reported?: string,
  ): Pick<Transcript, 'text' | 'locale' | 'languageDecided' | 'outsideLocale'> {
    const fallback = candidates[0] ?? this.supportedLocale(reported) ?? 'und';
    if (!text) return { text, locale: fallback, languageDecided: false };
    const { locale, decided, outside } = this.languageId.identify(text, candidates);
    // Held to one language, the recognizer wrote its words in it, however short the text.
    if (new Set(candidates).size === 1) return { text, locale: fallback, languageDecided: true };
    if (outside && candidates.length > 0) {
      return { text, locale: outside, languageDecided: true, outsideLocale: outside };
    }
    return decided
      ? { text, locale, languageDecided: true }
      : { text, locale: fallback, languageDecided: false };
  }

  private supportedLocale(reported?: string): string | undefined {
    return reported && this.engine.languages().includes(reported) ? reported : undefined;
  }
}

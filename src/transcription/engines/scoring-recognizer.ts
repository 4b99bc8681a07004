import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { AsrEngine, AsrTranscript } from './asr-engine.js';

/** A recognizer's own text of a sentence and how sure it is of it. */
export interface Hypothesis {
  /**
   * In the service's spoken form (spoken-form.ts); empty when the recognizer heard no words, or
   * is too unsure to answer any (its text would be made up).
   */
  readonly text: string;
  /** 0 to 1 on the recognizer's own scale, unrounded: combinations compare it with thresholds. */
  readonly confidence: number;
}

/**
 * The recognizer that decides in a combined engine (moonshine-pocketsphinx/): its hypothesis of
 * a sentence, and how likely its model finds other texts of the same sentence, so that another
 * recognizer's words can be weighed against its own. The combined engine starts, stops, probes
 * and measures it with itself.
 */
export interface ScoringRecognizer
  extends OnModuleInit, OnModuleDestroy, Required<Pick<AsrEngine, 'probe' | 'usage'>> {
  /** Its decoding of one sentence (16 kHz mono); rejects as transcribe() does. */
  hypothesis(samples: Float32Array, signal: AbortSignal): Promise<Hypothesis>;
  /**
   * The model's log probability of each text (plain lower-case words) for `samples`, in order:
   * how well each one accounts for the audio, by the same model.
   */
  score(samples: Float32Array, texts: readonly string[], signal: AbortSignal): Promise<number[]>;
}

/** A hypothesis (or a text put in its place, with its confidence) as the engine answers it. */
export function hypothesisTranscript(
  { text, confidence }: Hypothesis,
  locale: string,
): AsrTranscript {
  if (!text) return { text: '', locale };
  return { text, locale, confidence: Math.round(confidence * 1000) / 1000 };
}

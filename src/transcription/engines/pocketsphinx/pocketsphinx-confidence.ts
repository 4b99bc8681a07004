import type { AsrTranscript } from '../asr-engine.js';
import type { WorkerAnswer } from './pocketsphinx-worker.js';

/**
 * Below this geometric mean of the word posteriors a hypothesis is dropped (answered as "").
 * Measured first with festival's slt voice on the stock model: sentences recognized right or
 * nearly scored 0.38–1.0; misrecognized single words 0.04–0.14; speech buried in white noise
 * 0.007–0.08; synthetic melodies, chords and drums 0.01–0.18, hence 0.2 then. The clinical model
 * (a mixture) lowers the posteriors of real sentences: at 0.2 it answered nothing for 21 of the
 * 381 sentences of `npm run bench:speech` (a patient's words lost without a trace), at 0.1 for 9,
 * and the WER fell on every set (clinical 19.5 → 17.0 %, everyday 9.7 → 7.9 %). Since a doubtful text is
 * now marked low-confidence rather than passed as sure, 0.1: what scores between it and
 * LOW_CONFIDENCE reaches the client flagged. With the clinical weight at 0.2 (issue 16, larger
 * corpus) everyday sentences scored lower still: at 0.1, 2 of 120 held-out everyday sentences
 * ("have you seen my keys anywhere") came back as nothing, hence 0.05, which loses none of them.
 * Silence and steady noise still give no words; music is kept from the recognizer by the voice
 * activity detector in the first place.
 */
export const MIN_CONFIDENCE = 0.05;

/**
 * Below this confidence a recognized sentence is marked low-confidence (the speaker should be
 * asked to repeat): calibrated by `npm run bench:speech` on clinic sentences spoken by voices
 * used nowhere else, as the threshold that best separates sentences recognized with an error
 * from those recognized exactly (docs/benchmarks.md, "Word confidence"). With the clinical weight
 * at 0.2 the rule (most errors flagged with at most 10 % of exact sentences flagged) gives 0.44;
 * 0.49 is kept, on the safe side: it flags 39.5 % of the misrecognized sentences against 32.0 %,
 * for 12.2 % of the exact ones against 8.6 % (one more "please say it again" in 28), and a
 * synthetic melody heard as "he he" (0.475, the engine's spec) stays doubtful.
 */
export const LOW_CONFIDENCE = 0.49;

/** A decoder's answer as a transcript in `locale`: a text under `minConfidence` is dropped. */
export function answerTranscript(
  answer: WorkerAnswer,
  minConfidence: number,
  locale: string,
): AsrTranscript {
  const confident = answer.confidence === null || answer.confidence >= minConfidence;
  const text = confident ? answer.text : '';
  return !text
    ? { text: '' }
    : answer.confidence === null
      ? { text, locale }
      : { text, locale, confidence: answer.confidence };
}

/**
 * Calibrates the low-confidence threshold of the recognizer: among recognized sentences, those
 * with any word wrong should fall below it and those recognized exactly above. The threshold
 * kept is the one that maximizes Youden's J (share of wrong sentences flagged minus share of
 * right ones flagged), over the confidences seen.
 */
import type { RecognizedSentence } from './recognition-run.js';

export interface ThresholdFigures {
  readonly threshold: number;
  /** Share of sentences with an error whose confidence is below the threshold. */
  readonly wrongFlagged: number;
  /** Share of exactly recognized sentences below the threshold. */
  readonly rightFlagged: number;
}

/** Figures of one threshold over sentences that have a confidence. */
export function figuresAt(
  sentences: readonly RecognizedSentence[],
  threshold: number,
): ThresholdFigures {
  const scored = sentences.filter((s) => s.confidence !== null);
  const wrong = scored.filter((s) => s.errors > 0);
  const right = scored.filter((s) => s.errors === 0);
  const below = (group: readonly RecognizedSentence[]) =>
    group.length === 0 ? 0 : group.filter((s) => s.confidence! < threshold).length / group.length;
  return { threshold, wrongFlagged: below(wrong), rightFlagged: below(right) };
}

/**
 * The threshold maximizing Youden's J; candidates are midpoints between consecutive distinct
 * confidences, rounded to 2 decimals (ties: the lower threshold, which flags fewer sentences).
 */
export function calibrateThreshold(sentences: readonly RecognizedSentence[]): ThresholdFigures {
  const values = [
    ...new Set(sentences.flatMap((s) => (s.confidence === null ? [] : [s.confidence]))),
  ].sort((a, b) => a - b);
  let best = figuresAt(sentences, 0);
  for (let i = 1; i < values.length; i++) {
    const candidate = Math.round(((values[i - 1] + values[i]) / 2) * 100) / 100;
    const figures = figuresAt(sentences, candidate);
    const j = (f: ThresholdFigures) => f.wrongFlagged - f.rightFlagged;
    if (j(figures) > j(best)) best = figures;
  }
  return best;
}

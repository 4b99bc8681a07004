/**
 * Calibrates the low-confidence threshold of the recognizer: among recognized sentences, those
 * with any word wrong should fall below it and those recognized exactly above. A flag asks the
 * speaker to repeat, so false alarms have a budget: the threshold kept flags as many wrong
 * sentences as it can while flagging at most FALSE_ALARM_BUDGET of the exact ones (maximizing
 * Youden's J instead flagged a third of the exact sentences: every third sentence repeated).
 */
import type { RecognizedSentence } from './recognition-run.js';

/** At most this share of exactly recognized sentences may be flagged. */
export const FALSE_ALARM_BUDGET = 0.1;

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
 * The threshold, on a 0.01 grid, that flags the most wrong sentences within the false-alarm
 * budget (ties: the lower threshold, which flags fewer sentences).
 */
export function calibrateThreshold(
  sentences: readonly RecognizedSentence[],
  budget = FALSE_ALARM_BUDGET,
): ThresholdFigures {
  let best = figuresAt(sentences, 0);
  for (let step = 1; step <= 100; step++) {
    const figures = figuresAt(sentences, step / 100);
    if (figures.rightFlagged <= budget && figures.wrongFlagged > best.wrongFlagged) best = figures;
  }
  return best;
}

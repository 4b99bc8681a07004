import { describe, expect, it } from '@jest/globals';
import { calibrateThreshold, figuresAt } from './confidence-calibration.js';
import type { RecognizedSentence } from './recognition-run.js';

const sentence = (confidence: number | null, errors: number): RecognizedSentence => ({
  reference: 'r',
  hypothesis: 'h',
  errors,
  words: 5,
  confidence,
  synthesisMs: 0,
  audioSeconds: 1,
});

describe('confidence calibration', () => {
  // Ten exact sentences at 0.55..1.0, four wrong ones at 0.3, 0.4, 0.6 and 0.95.
  const exact = Array.from({ length: 10 }, (_, i) => sentence(0.55 + i * 0.05, 0));
  const wrong = [0.3, 0.4, 0.6, 0.95].map((c) => sentence(c, 2));
  const all = [...exact, ...wrong, sentence(null, 3)];

  it('counts the shares below a threshold, leaving out sentences without a confidence', () => {
    expect(figuresAt(all, 0.5)).toEqual({ threshold: 0.5, wrongFlagged: 0.5, rightFlagged: 0 });
    expect(figuresAt(all, 0.62)).toEqual({
      threshold: 0.62,
      wrongFlagged: 0.75,
      rightFlagged: 0.2,
    });
  });

  it('flags the most wrong sentences within the false-alarm budget', () => {
    // Up to 0.41: two wrong flagged, no exact one; 0.56-0.60 adds an exact one but no wrong one;
    // 0.61 adds the wrong 0.6 and a second exact one (20 %).
    expect(calibrateThreshold(all, 0.1)).toEqual({
      threshold: 0.41,
      wrongFlagged: 0.5,
      rightFlagged: 0,
    });
    expect(calibrateThreshold(all, 0.2)).toEqual({
      threshold: 0.61,
      wrongFlagged: 0.75,
      rightFlagged: 0.2,
    });
  });
});

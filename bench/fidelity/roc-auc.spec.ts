import { describe, expect, it } from '@jest/globals';
import { rocAuc } from './roc-auc.js';

describe('rocAuc', () => {
  it('is 1 when every positive outscores every negative, 0 when none does', () => {
    expect(rocAuc([0.9, 0.8], [0.1, 0.2, 0.3])).toBe(1);
    expect(rocAuc([0.1], [0.5, 0.6])).toBe(0);
  });

  it('counts the pairs a positive wins, ties as half', () => {
    // Pairs (p, n): (0.8, 0.5) win, (0.8, 0.9) loss, (0.4, 0.5) loss, (0.4, 0.9) loss → 1/4.
    expect(rocAuc([0.8, 0.4], [0.5, 0.9])).toBe(0.25);
    // (0.5, 0.5) tie, (0.5, 0.2) win → 1.5/2.
    expect(rocAuc([0.5], [0.5, 0.2])).toBe(0.75);
    expect(rocAuc([0.3, 0.3], [0.3, 0.3])).toBe(0.5);
  });

  it('is NaN without a positive or a negative', () => {
    expect(rocAuc([], [0.1])).toBeNaN();
    expect(rocAuc([0.1], [])).toBeNaN();
  });
});

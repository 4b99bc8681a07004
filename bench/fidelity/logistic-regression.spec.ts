import { describe, expect, it } from '@jest/globals';
import { fitLogistic, predict, type Sample } from './logistic-regression.js';

describe('fitLogistic', () => {
  it('recovers the coefficients of data drawn from a known logistic model', () => {
    // Expected counts, not draws: at each x, weight p(x) of y=1 and 1−p(x) of y=0.
    const truth = (x: number) => 1 / (1 + Math.exp(-(0.5 + 2 * x)));
    const samples: Sample[] = [];
    for (let x = -3; x <= 3; x += 0.25) {
      samples.push({ x: [x], y: 1, weight: truth(x) }, { x: [x], y: 0, weight: 1 - truth(x) });
    }
    const fit = fitLogistic(samples, 0);
    expect(fit.intercept).toBeCloseTo(0.5, 6);
    expect(fit.coefficients[0]).toBeCloseTo(2, 6);
    expect(predict(fit, [0])).toBeCloseTo(truth(0), 6);
  });

  it('stays finite on perfectly separated classes thanks to the penalty', () => {
    const samples: Sample[] = [
      { x: [0], y: 1, weight: 1 },
      { x: [1], y: 0, weight: 1 },
    ];
    const fit = fitLogistic(samples, 0.1);
    expect(Number.isFinite(fit.coefficients[0])).toBe(true);
    expect(predict(fit, [0])).toBeGreaterThan(predict(fit, [1]));
  });
});

// Written by bench/fidelity/fit-fidelity.ts (npm run bench:fidelity); do not edit by hand.
// Fitted 2026-11-28 on 160 of 320 devset entries, judged engine translations and made errors; threshold for 67 % precision on real errors.
// What the features are and how they were fitted: docs/translation.md, "Fidelity score".
import type { FidelityModel } from './fidelity-scorer.js';

export const FIDELITY_MODEL: FidelityModel = {
  intercept: 0.0905,
  coefficients: {
    roundTripChrF: 1.3262,
    termDisagreements: -0.5651,
    numbersDiffer: -3.8881,
    negationDiffers: -2.3172,
    unfinished: -1.7504,
    shortfall: -4.1491,
    untranslatedShare: -14.8697,
    personShift: -1.3327,
  },
  threshold: 0.3191,
};

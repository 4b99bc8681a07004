// Written by bench/fidelity/fit-fidelity.ts (npm run bench:fidelity); do not edit by hand.
// Fitted 2026-11-25 on 20 of 40 devset entries; held-out ROC AUC 0.941 (raw chrF: 0.722).
// What the features are and how they were fitted: docs/translation.md, "Fidelity score".
import type { FidelityModel } from './fidelity-scorer.js';

export const FIDELITY_MODEL: FidelityModel = {
  intercept: 0.4894,
  coefficients: {
    roundTripChrF: 2.7909,
    termDisagreements: -1.3197,
    numbersDiffer: -5.6055,
    negationDiffers: -5.4507,
    unfinished: -2.8935,
    shortfall: -5.2233,
  },
  threshold: 0.5318,
};

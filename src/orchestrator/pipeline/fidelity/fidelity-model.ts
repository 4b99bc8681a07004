// Written by bench/fidelity/fit-fidelity.ts (npm run bench:fidelity); do not edit by hand.
// Fitted 2026-11-25 on 160 of 320 devset entries; held-out ROC AUC 0.868 (raw chrF: 0.658).
// What the features are and how they were fitted: docs/translation.md, "Fidelity score".
import type { FidelityModel } from './fidelity-scorer.js';

export const FIDELITY_MODEL: FidelityModel = {
  intercept: 0.7221,
  coefficients: {
    roundTripChrF: 1.7836,
    termDisagreements: -1.1292,
    numbersDiffer: -4.7481,
    negationDiffers: -4.3185,
    unfinished: -3.3123,
    shortfall: -5.7868,
  },
  threshold: 0.5154,
};

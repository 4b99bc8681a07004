// Written by bench/fidelity/fit-fidelity.ts (npm run bench:fidelity); do not edit by hand.
// Fitted 2026-11-25 on 160 of 320 devset entries; held-out ROC AUC 0.872 (raw chrF: 0.671).
// What the features are and how they were fitted: docs/translation.md, "Fidelity score".
import type { FidelityModel } from './fidelity-scorer.js';

export const FIDELITY_MODEL: FidelityModel = {
  intercept: 0.6404,
  coefficients: {
    roundTripChrF: 2.0274,
    termDisagreements: -1.1128,
    numbersDiffer: -4.7933,
    negationDiffers: -4.3991,
    unfinished: -3.3494,
    shortfall: -5.6972,
  },
  threshold: 0.5489,
};

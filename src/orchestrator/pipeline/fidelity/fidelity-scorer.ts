import type { ClinicalTermFinder } from './clinical-term-agreement.js';
import {
  fidelityFeatures,
  type FidelityFeatureName,
  type FidelityFeatures,
  type FidelityInput,
} from './fidelity-features.js';
import { FIDELITY_MODEL } from './fidelity-model.js';

/** A logistic model over the features, fitted by bench/fidelity/fit-fidelity.ts. */
export interface FidelityModel {
  readonly intercept: number;
  readonly coefficients: Readonly<Partial<Record<FidelityFeatureName, number>>>;
  /** Scores at or above it read as faithful ("close" in the console); below, "check this". */
  readonly threshold: number;
}

/**
 * The fidelity of a translation: the calibrated probability, 0..1, that it is faithful to what
 * was said, from the round trip (chrF of the back-translation) and checks that chrF is blind to:
 * clinical terms, numbers and negation that differ between the source and the translation, and a
 * translation that ends mid-sentence.
 */
export class FidelityScorer {
  constructor(
    private readonly terminology: ClinicalTermFinder,
    readonly model: FidelityModel = FIDELITY_MODEL,
  ) {}

  features(input: FidelityInput): FidelityFeatures {
    return fidelityFeatures(input, this.terminology);
  }

  score(input: FidelityInput): number {
    return probability(this.model, this.features(input));
  }
}

/** The model's probability for these feature values. */
export function probability(model: FidelityModel, features: FidelityFeatures): number {
  let z = model.intercept;
  for (const [name, coefficient] of Object.entries(model.coefficients)) {
    z += coefficient * features[name as FidelityFeatureName];
  }
  return 1 / (1 + Math.exp(-z));
}

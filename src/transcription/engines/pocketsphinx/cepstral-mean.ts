/**
 * The live cepstral mean a session's streams carry from one sentence to the next (issue 19,
 * docs/speech.md "The cepstral mean"): the en-us model's 13 MFCC coefficients' running mean,
 * as the worker answers it at a stream's end and takes it at the next stream's start.
 */

/** Coefficients of the en-us model's cepstrum (its feat.params: -ceplen 13). */
export const CEPSTRUM_SIZE = 13;

/** `value` as a cepstral mean, or undefined unless it is CEPSTRUM_SIZE finite numbers. */
export function cepstralMeanOf(value: unknown): readonly number[] | undefined {
  if (!Array.isArray(value) || value.length !== CEPSTRUM_SIZE) return undefined;
  if (!value.every((v) => typeof v === 'number' && Number.isFinite(v))) return undefined;
  // Float32 round trip: what the worker can take back, so a stored mean is always sendable.
  const floats = Float32Array.from(value as number[]);
  return floats.every(Number.isFinite) ? Object.freeze(Array.from(floats)) : undefined;
}

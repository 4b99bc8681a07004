/**
 * The live cepstral mean a session's streams carry from one sentence to the next (issue 19,
 * docs/speech.md "The cepstral mean"): the en-us model's 13 MFCC coefficients' running mean,
 * as the worker answers it at a stream's end and takes it at the next stream's start.
 */
import type { AsrChannel } from '../asr-engine.js';

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

/** Where pocketsphinx keeps its mean in a session's channel: no other code holds this key. */
const CEPSTRAL_MEAN = Symbol('pocketsphinx live cepstral mean');

/** The channel's mean after the session's last streamed sentence; undefined before the first. */
export function channelMean(channel: AsrChannel | undefined): readonly number[] | undefined {
  // Only keepChannelMean writes under the key, with a mean cepstralMeanOf has checked.
  return channel?.[CEPSTRAL_MEAN] as readonly number[] | undefined;
}

/** Keeps `mean` in the channel for the session's next stream. */
export function keepChannelMean(channel: AsrChannel, mean: readonly number[]): void {
  channel[CEPSTRAL_MEAN] = mean;
}

/** A new channel that starts from `mean` (benches and tests: a session as if it had one). */
export function channelWithMean(mean: readonly number[] | undefined): AsrChannel {
  const channel: AsrChannel = {};
  if (mean) keepChannelMean(channel, mean);
  return channel;
}

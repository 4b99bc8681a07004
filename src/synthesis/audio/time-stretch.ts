/**
 * Changes the tempo of speech without changing its pitch: WSOLA (waveform-similarity overlap-add).
 *
 * The output is built from Hann-windowed frames of ~25 ms at a fixed 50 % overlap; each frame is
 * taken from the input near where the tempo puts it, shifted by up to ±6 ms to the position whose
 * waveform best continues the previous frame (cross-correlation), so pitch periods line up and no
 * phasing is heard. Used for the speeds espeak-ng cannot reach with its own rate setting.
 */

const FRAME_SECONDS = 0.025;
/** ±6 ms: a whole pitch period down to 83 Hz, so some offset always lines the periods up. */
const TOLERANCE_SECONDS = 0.006;
/** Coarse search: every 4th offset, correlation over every 8th sample; then a fine search. */
const COARSE_STEP = 4;
const COARSE_SAMPLE_STEP = 8;

/** `rate` > 1 speaks faster (shorter audio), < 1 slower; the result has length/rate samples. */
export function timeStretch(input: Float32Array, sampleRate: number, rate: number): Float32Array {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError('rate must be a positive number');
  const outputLength = Math.round(input.length / rate);
  if (Math.abs(rate - 1) < 1e-6 || input.length === 0) return input.slice();

  const half = Math.max(8, Math.round((FRAME_SECONDS * sampleRate) / 2));
  const size = 2 * half;
  const tolerance = Math.max(1, Math.round(TOLERANCE_SECONDS * sampleRate));
  const analysisHop = half * rate;
  const window = new Float32Array(size);
  // A periodic Hann window: at 50 % overlap the windows sum to exactly 1.
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);

  // Zero padding around the input so every candidate frame is inside the buffer.
  const frames = Math.ceil(outputLength / half) + 1;
  const lastNominal = Math.round((frames - 1) * analysisHop);
  const padded = new Float32Array(
    tolerance + Math.max(input.length, lastNominal + size + half) + tolerance + size,
  );
  padded.set(input, tolerance);

  const output = new Float32Array(frames * half + size);
  let previous = tolerance; // where the previous frame was taken from (padded coordinates)

  const correlate = (a: number, b: number, step: number): number => {
    let sum = 0;
    for (let j = 0; j < size; j += step) sum += padded[a + j] * padded[b + j];
    return sum;
  };

  for (let k = 0; k < frames; k++) {
    const nominal = tolerance + Math.round(k * analysisHop);
    let start = nominal;
    if (k > 0) {
      // The input that would naturally follow the previous frame.
      const natural = previous + half;
      let best = nominal;
      let bestScore = -Infinity;
      for (let offset = -tolerance; offset <= tolerance; offset += COARSE_STEP) {
        const score = correlate(natural, nominal + offset, COARSE_SAMPLE_STEP);
        if (score > bestScore) [best, bestScore] = [nominal + offset, score];
      }
      const coarse = best;
      bestScore = -Infinity;
      for (
        let candidate = coarse - COARSE_STEP + 1;
        candidate < coarse + COARSE_STEP;
        candidate++
      ) {
        if (candidate < 0 || candidate > nominal + tolerance) continue;
        const score = correlate(natural, candidate, 2);
        if (score > bestScore) [best, bestScore] = [candidate, score];
      }
      start = best;
    }
    const at = k * half;
    for (let j = 0; j < size; j++) output[at + j] += window[j] * padded[start + j];
    previous = start;
  }
  // The first half frame has no earlier frame to overlap: it is the input's start, unwindowed.
  output.set(padded.subarray(tolerance, tolerance + half));
  return output.slice(0, outputLength);
}

/**
 * Audio helpers for the speech synthesis tests: a pitch estimator and a WAV builder for the
 * formats speech servers send.
 */

/**
 * A small pitch (F0) estimator: normalized autocorrelation on voiced frames.
 *
 * Frames of 40 ms every 10 ms; a frame counts as voiced when it is loud enough (RMS over a fifth of
 * the loudest frame's) and its normalized autocorrelation peak in the 60–500 Hz lag range is over
 * 0.6. The pitch of a voiced frame is the sample rate over the lag of that peak, refined by
 * parabolic interpolation; the answer is the median over voiced frames.
 */

export interface PitchEstimate {
  /** Median F0 of the voiced frames, in Hz (NaN when no frame is voiced). */
  readonly medianHz: number;
  readonly voicedFrames: number;
  readonly frames: number;
}

const MIN_HZ = 60;
const MAX_HZ = 500;
const VOICING = 0.6;

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function estimatePitch(samples: Float32Array, sampleRate: number): PitchEstimate {
  const size = Math.round(0.04 * sampleRate);
  const hop = Math.round(0.01 * sampleRate);
  const minLag = Math.floor(sampleRate / MAX_HZ);
  const maxLag = Math.ceil(sampleRate / MIN_HZ);
  const starts: number[] = [];
  for (let start = 0; start + size + maxLag <= samples.length; start += hop) starts.push(start);

  const rms = starts.map((start) => {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += samples[i] * samples[i];
    return Math.sqrt(sum / size);
  });
  const loudest = Math.max(0, ...rms);
  const pitches: number[] = [];

  starts.forEach((start, index) => {
    if (rms[index] < loudest / 5) return;
    const correlations = new Float64Array(maxLag + 2);
    let energy0 = 0;
    for (let i = start; i < start + size; i++) energy0 += samples[i] * samples[i];
    for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
      let cross = 0;
      let energy1 = 0;
      for (let i = start; i < start + size; i++) {
        cross += samples[i] * samples[i + lag];
        energy1 += samples[i + lag] * samples[i + lag];
      }
      correlations[lag] = cross / Math.sqrt(energy0 * energy1 || 1);
    }
    // The first lag whose peak is close to the best one: avoids picking a multiple of the period.
    let best = minLag;
    for (let lag = minLag; lag <= maxLag; lag++) {
      if (correlations[lag] > correlations[best]) best = lag;
    }
    if (correlations[best] < VOICING) return;
    for (let lag = minLag; lag < best; lag++) {
      const peak =
        correlations[lag] >= correlations[lag - 1] && correlations[lag] >= correlations[lag + 1];
      if (peak && correlations[lag] >= 0.9 * correlations[best]) {
        best = lag;
        break;
      }
    }
    const [a, b, c] = [correlations[best - 1], correlations[best], correlations[best + 1]];
    const denominator = a - 2 * b + c;
    const shift = denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
    pitches.push(sampleRate / (best + shift));
  });

  return { medianHz: median(pitches), voicedFrames: pitches.length, frames: starts.length };
}

/** A canonical WAV of the given samples (-1..1): PCM 16-bit, 32-bit float, any channel count. */
export function testWav(
  samples: Float32Array,
  sampleRate: number,
  options: { channels?: number; float?: boolean; streamedSizes?: boolean } = {},
): Buffer {
  const channels = options.channels ?? 1;
  const bytes = options.float ? 4 : 2;
  const data = Buffer.alloc(samples.length * channels * bytes);
  samples.forEach((sample, i) => {
    for (let c = 0; c < channels; c++) {
      const at = (i * channels + c) * bytes;
      if (options.float) data.writeFloatLE(sample, at);
      else data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(sample * 32767))), at);
    }
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(options.streamedSizes ? 0xffffffff : 36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(options.float ? 3 : 1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * bytes, 28);
  header.writeUInt16LE(channels * bytes, 32);
  header.writeUInt16LE(bytes * 8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(options.streamedSizes ? 0xffffffff : data.length, 40);
  return Buffer.concat([header, data]);
}

/** `seconds` of a 220 Hz tone at half scale. */
export function tone(seconds: number, sampleRate: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = 0.5 * Math.sin((2 * Math.PI * 220 * i) / sampleRate);
  }
  return samples;
}

import {
  MAX_RESAMPLE_RATE,
  MIN_RESAMPLE_RATE,
  Resampler,
  sharedResampler,
  TARGET_SAMPLE_RATE,
} from '../resampler.js';

/**
 * Streaming conversion to 16 kHz with the shared, stateless Resampler.
 *
 * Each Resampler call starts from a fresh filter and treats the signal as zero outside the input,
 * so converting a stream piece by piece would put seams at every boundary. Instead each call
 * resamples a window around the new samples and keeps only the output the window computes
 * exactly, which makes the concatenated output equal to one call over the whole signal:
 *
 *   [ context | batch | look-ahead ]   →   keep only the output samples of `batch`
 *
 * - Block alignment. A call's output sample j lies at input position j × from / 16000 of its
 *   window. For those to be the same instants as in a whole-signal call, each window must start
 *   on an input sample that falls on the 16 kHz grid: a multiple of the ratio's block
 *   (from / gcd(from, 16000) input samples for 16000 / gcd output samples: 48 kHz 3:1, 44.1 kHz
 *   441:160, 22.05 kHz 441:320, 8 kHz 1:2). The context and each batch are therefore whole blocks;
 *   the look-ahead need not be, since its output is thrown away.
 * - Filter support. SINC_MEDIUM (the Resampler's converter) reaches about 45.5 periods of the
 *   lower of the two rates on either side of an output sample. Measured with an impulse: an output
 *   sample depends on the input within ±45.5 samples at 8 kHz, ±62 at 22.05 kHz, ±124 at 44.1 kHz
 *   and ±135 at 48 kHz (45 output samples), and on nothing further. The context (rounded up to whole blocks) and the look-ahead cover 46 periods + 1
 *   input sample, so every output sample kept sees exactly the input the whole-signal call sees.
 *   Measured: the same output bit for bit (with 40 periods errors reach 3e-6, with 30, 2e-4).
 *   Context and look-ahead: 141 and 139 samples at 48 kHz (look-ahead 2.9 ms), 441 and 128 at
 *   44.1 kHz (2.9 ms), 441 and 65 at 22.05 kHz (2.9 ms), 47 and 47 at 8 kHz (5.9 ms).
 * - Batching. A call costs more than its samples: the Resampler resets the converter and then
 *   feeds 8192 zeros to drain it, about 2.5 ms of CPU whatever the input. A 64 ms window at 48 kHz
 *   costs about 3.5 ms (streaming 48 kHz then takes ~5% of a core, against 1.4% in one call), so
 *   input is gathered until at least `minBatchMs` (default 64 ms, rounded up to whole blocks) can
 *   be emitted. A large push is emitted in one call.
 * - Start and end. The first window has no context: the whole-signal call sees zeros there too.
 *   flush() converts what is left with the context and no look-ahead, ending the signal with the
 *   same zeros as the whole-signal call: the total output is ceil(total × 16000 / from) samples.
 *
 * Memory per stream: the context, the batch being gathered and the look-ahead (a few thousand
 * floats), plus the copy of each window handed to the Resampler while its call is queued.
 * At 16 kHz the input passes through unchanged, with no delay and no Resampler call.
 */

export interface StreamResamplerOptions {
  /** Least input per Resampler call, in ms (rounded up to whole blocks). Default 64. */
  minBatchMs?: number;
  /**
   * Reach of the Resampler's filter on either side, in periods of the lower rate: 46 for
   * SINC_MEDIUM (the default converter). Measured reach of the others: 19 for SINC_FASTEST,
   * 142.5 for SINC_BEST (pass 143).
   */
  filterHalfLength?: number;
}

/** What the stream needs of a Resampler; the shared one by default. */
export type StatelessResampler = Pick<Resampler, 'resample'>;

export const DEFAULT_MIN_BATCH_MS = 64;
export const SINC_MEDIUM_HALF_LENGTH = 46;
/** Longest block accepted, in ms: rates whose ratio to 16 kHz reduces to longer ones are refused. */
const MAX_BLOCK_MS = 100;

interface Geometry {
  /** Input samples, and output samples, in one block of the rate ratio. */
  blockIn: number;
  blockOut: number;
  /** Input samples before a batch kept as filter context (whole blocks). */
  context: number;
  /** Input samples after a batch held back as look-ahead. */
  lookahead: number;
  /** Least input samples per call (whole blocks). */
  batch: number;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function geometry(fromRate: number, options: StreamResamplerOptions): Geometry {
  if (!Number.isInteger(fromRate) || fromRate < MIN_RESAMPLE_RATE || fromRate > MAX_RESAMPLE_RATE) {
    throw new RangeError(
      `fromRate must be an integer from ${MIN_RESAMPLE_RATE} to ${MAX_RESAMPLE_RATE} Hz, got ${fromRate}`,
    );
  }
  const minBatchMs = options.minBatchMs ?? DEFAULT_MIN_BATCH_MS;
  const halfLength = options.filterHalfLength ?? SINC_MEDIUM_HALF_LENGTH;
  if (!(minBatchMs >= 0 && minBatchMs <= 10_000)) {
    throw new RangeError(`minBatchMs must be from 0 to 10000, got ${minBatchMs}`);
  }
  if (!(halfLength > 0 && halfLength <= 1000)) {
    throw new RangeError(`filterHalfLength must be from 1 to 1000, got ${halfLength}`);
  }
  const common = gcd(fromRate, TARGET_SAMPLE_RATE);
  const blockIn = fromRate / common;
  const blockOut = TARGET_SAMPLE_RATE / common;
  if (blockIn * 1000 > MAX_BLOCK_MS * fromRate) {
    throw new RangeError(
      `${fromRate} Hz to ${TARGET_SAMPLE_RATE} Hz repeats every ${blockIn} input samples, ` +
        `longer than ${MAX_BLOCK_MS} ms`,
    );
  }
  // Filter reach in input samples: periods of the lower rate, converted to input samples.
  const support = Math.ceil((halfLength * fromRate) / Math.min(fromRate, TARGET_SAMPLE_RATE)) + 1;
  const wholeBlocks = (samples: number) => Math.max(1, Math.ceil(samples / blockIn)) * blockIn;
  return {
    blockIn,
    blockOut,
    context: wholeBlocks(support),
    lookahead: support,
    batch: wholeBlocks((minBatchMs * fromRate) / 1000),
  };
}

export class StreamResampler {
  /**
   * Upper bound, in ms, of the audio a stream at `fromRate` holds back between calls (a batch
   * being gathered and the look-ahead), hence of the delay it adds besides CPU time. 0 at 16 kHz.
   */
  static latencyMs(fromRate: number, options: StreamResamplerOptions = {}): number {
    if (fromRate === TARGET_SAMPLE_RATE) return 0;
    const { batch, lookahead } = geometry(fromRate, options);
    return ((batch + lookahead) * 1000) / fromRate;
  }

  private readonly geometry?: Geometry;
  /** Input kept: `contextLength` samples already emitted, then those not emitted yet. */
  private buffer: Float32Array;
  private length = 0;
  private contextLength = 0;
  /** The result of the latest call: each result waits for the one before. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Set when a Resampler call fails: the stream's output has a hole, later calls reject. */
  private failure?: { error: unknown };
  /** Bumped by reset(), so a failure in the previous stream does not reach the new one. */
  private generation = 0;

  /** `fromRate`: the rate of the input, an integer from 1000 to 192000 Hz. */
  constructor(
    readonly fromRate: number,
    private readonly resampler: StatelessResampler = sharedResampler(),
    options: StreamResamplerOptions = {},
  ) {
    if (fromRate !== TARGET_SAMPLE_RATE) this.geometry = geometry(fromRate, options);
    this.buffer = new Float32Array(this.initialCapacity());
  }

  /** Upper bound of the audio held back between calls, in ms (see StreamResampler.latencyMs). */
  get latencyMs(): number {
    const g = this.geometry;
    return g ? ((g.batch + g.lookahead) * 1000) / this.fromRate : 0;
  }

  /** Input samples received but not converted yet: they come out of a later push or flush. */
  get heldBackSamples(): number {
    return this.length - this.contextLength;
  }

  /**
   * Adds the samples following those pushed before and resolves with the 16 kHz output they
   * complete, possibly none. Results resolve in call order, so pushes need not be awaited one by
   * one. The samples are copied (or, at 16 kHz, returned as they are). After a Resampler failure
   * this and every later push and flush reject with its error, until reset().
   */
  push(samples: Float32Array): Promise<Float32Array> {
    if (this.failure) return Promise.reject(this.failure.error);
    const g = this.geometry;
    if (!g) return this.inOrder(Promise.resolve(samples));
    this.append(samples);
    const emit = Math.floor((this.heldBackSamples - g.lookahead) / g.blockIn) * g.blockIn;
    if (emit < g.batch) return this.inOrder(Promise.resolve(new Float32Array(0)));

    // The window is copied: the Resampler reads it when its turn comes, after later pushes.
    const window = this.buffer.slice(0, this.contextLength + emit + g.lookahead);
    const skip = (this.contextLength / g.blockIn) * g.blockOut;
    const take = (emit / g.blockIn) * g.blockOut;
    const converted = this.resampler
      .resample(window, this.fromRate, TARGET_SAMPLE_RATE)
      .then((out) => out.subarray(skip, skip + take));
    this.consume(this.contextLength + emit, g);
    return this.inOrder(converted);
  }

  /**
   * Ends the stream: resolves with the output of everything held back, ending the signal as a
   * whole-signal conversion does. The next push starts a new stream.
   */
  flush(): Promise<Float32Array> {
    if (this.failure) return Promise.reject(this.failure.error);
    const g = this.geometry;
    let converted: Promise<Float32Array>;
    if (!g || this.heldBackSamples === 0) {
      converted = Promise.resolve(new Float32Array(0));
    } else {
      const skip = (this.contextLength / g.blockIn) * g.blockOut;
      converted = this.resampler
        .resample(this.buffer.slice(0, this.length), this.fromRate, TARGET_SAMPLE_RATE)
        .then((out) => out.subarray(skip));
    }
    this.clear();
    return this.inOrder(converted);
  }

  /**
   * Drops the stream without converting what is held back; the next push starts a new stream.
   * Calls already made still resolve (or reject) as they would have.
   */
  reset(): void {
    this.clear();
    this.failure = undefined;
    this.generation++;
    this.tail = Promise.resolve();
  }

  /** `converted`, resolved no earlier than the previous call's result; failures stick. */
  private inOrder(converted: Promise<Float32Array>): Promise<Float32Array> {
    const generation = this.generation;
    const result = Promise.all([this.tail, converted]).then(([, out]) => out);
    this.tail = result;
    result.catch((error: unknown) => {
      if (generation === this.generation) this.failure ??= { error };
    });
    return result;
  }

  private initialCapacity(): number {
    const g = this.geometry;
    return g ? g.context + 2 * g.batch + g.lookahead : 0;
  }

  private append(samples: Float32Array): void {
    const needed = this.length + samples.length;
    if (needed > this.buffer.length) {
      const grown = new Float32Array(Math.max(needed, 2 * this.buffer.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(samples, this.length);
    this.length = needed;
  }

  /** Drops the first `count` samples from the buffer but for the context the next call needs. */
  private consume(count: number, g: Geometry): void {
    const keep = Math.min(g.context, count);
    const from = count - keep;
    const remaining = this.length - from;
    const initial = this.initialCapacity();
    if (this.buffer.length > 2 * initial && remaining <= initial) {
      // A large push grew the buffer: give the memory back.
      const shrunk = new Float32Array(initial);
      shrunk.set(this.buffer.subarray(from, this.length));
      this.buffer = shrunk;
    } else {
      this.buffer.copyWithin(0, from, this.length);
    }
    this.length = remaining;
    this.contextLength = keep;
  }

  private clear(): void {
    this.length = 0;
    this.contextLength = 0;
    if (this.buffer.length > this.initialCapacity()) {
      this.buffer = new Float32Array(this.initialCapacity());
    }
  }
}

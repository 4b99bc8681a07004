import libsamplerate from '@alexanderolsen/libsamplerate-js';

/**
 * Band-limited sample-rate conversion with libsamplerate (libsamplerate-js), in memory.
 *
 * Converter: SRC_SINC_MEDIUM_QUALITY. Measured on this machine (2 cores) for 48 kHz → 16 kHz with
 * tones at half full scale (resampler.spec.ts checks the MEDIUM figures), and the CPU time to
 * convert 60 s of 44.1 kHz mono to 16 kHz:
 *
 * | converter | 6 kHz   | 6.5 kHz | 7 kHz    | 9 kHz → 7 kHz alias | 60 s at 44.1 kHz |
 * | --------- | ------- | ------- | -------- | ------------------- | ---------------- |
 * | FASTEST   | -0.5 dB | -3.9 dB | -13.8 dB | -118 dB             | ~0.37 s          |
 * | MEDIUM    | 0 dB    | 0 dB    | -0.3 dB  | -120 dB             | ~0.78 s          |
 * | BEST      | 0 dB    | 0 dB    | 0 dB     | -148 dB             | ~2.7 s           |
 *
 * FASTEST is twice as fast but rolls off from 6 kHz, where fricatives (s, f, th) still carry
 * energy that recognizers use (pocketsphinx's en-us features reach 6.8 kHz, Whisper's 8 kHz).
 * MEDIUM is flat to 7 kHz for about 13 ms of CPU per second of 44.1 kHz audio (a real-time factor
 * of 0.013), small beside recognition; BEST only widens the band from 7.2 to 7.8 kHz, for 3.5
 * times the cost.
 *
 * How the package is used, from its glue code (libsamplerate-wrapper.cpp):
 * - Each `create()` instantiates its own emscripten module (this build runs as plain JavaScript,
 *   no WebAssembly) holding about 26 MB, two fixed 1 008 000-float transfer buffers and one
 *   global converter state. One converter is therefore kept per Resampler, re-initialised for
 *   each call's rates, and calls are serialized.
 * - Only the `full` API is used: `simple` sets the module's shared `end_of_input` flag for good,
 *   which would corrupt later `full` calls, and its automatic chunking of long inputs drops the
 *   last samples. `full` never flushes either, so after the input, zeros are fed until the
 *   expected number of samples has come out (libsamplerate pads with zeros at the end itself).
 * - Long inputs are fed in chunks that fit the transfer buffers (views, no copy of the input),
 *   and each chunk's output is copied once into one preallocated result: linear time and
 *   memory. Between chunks the event loop gets a turn, so a 25 MB upload does not stall
 *   WebSocket sessions.
 */

type Converter = Awaited<ReturnType<typeof libsamplerate.create>>;
type ConverterTypeValue =
  (typeof libsamplerate.ConverterType)[keyof typeof libsamplerate.ConverterType];

export const TARGET_SAMPLE_RATE = 16_000;
/** Rates accepted by resample(): libsamplerate takes ratios within 1/256..256. */
export const MIN_RESAMPLE_RATE = 1000;
export const MAX_RESAMPLE_RATE = 192_000;

export const DEFAULT_CONVERTER: ConverterTypeValue =
  libsamplerate.ConverterType.SRC_SINC_MEDIUM_QUALITY;

/** Size, in floats, of the glue's transfer buffers (BUFFER_LEN in libsamplerate-wrapper.cpp). */
const TRANSFER_BUFFER = 1_008_000;
/** Room for what the filter held back from earlier chunks (BEST at ratio 24 needs ~3 500). */
const OUTPUT_MARGIN = 8192;
/** Input frames per call: about 3 s at 44.1 kHz, ~35 ms of work with MEDIUM. */
const MAX_CHUNK_FRAMES = 131_072;
/**
 * Zeros fed per flush call, and how many such calls may be needed at most. Small blocks: the
 * filter holds back a few hundred samples, and 8192 zeros per call cost 2.4 times the work of a
 * 64 ms batch of a live stream (StreamResampler calls this once per batch).
 */
const FLUSH_FRAMES = 512;
const MAX_FLUSH_CALLS = 1024;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkRate(rate: number, name: string): void {
  if (!Number.isInteger(rate) || rate < MIN_RESAMPLE_RATE || rate > MAX_RESAMPLE_RATE) {
    throw new RangeError(
      `${name} must be an integer from ${MIN_RESAMPLE_RATE} to ${MAX_RESAMPLE_RATE} Hz, got ${rate}`,
    );
  }
}

/**
 * Holds one libsamplerate converter (created on first use) and converts whole signals with it,
 * one call at a time. Call dispose() when done; a later call creates a new converter.
 */
export class Resampler {
  private converter?: Promise<Converter>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly converterType: ConverterTypeValue = DEFAULT_CONVERTER) {}

  /**
   * Mono `samples` at `fromRate` to `toRate`: ceil(length × toRate / fromRate) samples, aligned
   * in time with the input. Equal rates return `samples` itself (no copy). Rates outside
   * MIN_RESAMPLE_RATE..MAX_RESAMPLE_RATE reject with a RangeError.
   */
  async resample(samples: Float32Array, fromRate: number, toRate: number): Promise<Float32Array> {
    checkRate(fromRate, 'fromRate');
    checkRate(toRate, 'toRate');
    if (fromRate === toRate) return samples;
    if (samples.length === 0) return new Float32Array(0);
    // Queued before the first await, so calls run in the order they were made.
    const job = this.queue.then(() => this.convert(samples, fromRate, toRate));
    this.queue = job.catch(() => undefined);
    return job;
  }

  resampleTo16k(samples: Float32Array, fromRate: number): Promise<Float32Array> {
    return this.resample(samples, fromRate, TARGET_SAMPLE_RATE);
  }

  /** Waits for the calls under way, then frees the converter. */
  async dispose(): Promise<void> {
    const converter = this.converter;
    this.converter = undefined;
    await this.queue;
    if (!converter) return;
    const created = await converter.catch(() => undefined);
    if (created && !created.isDestroyed) created.destroy();
  }

  /** The converter, reset (a fresh libsamplerate state) and set to these rates. */
  private async acquire(fromRate: number, toRate: number): Promise<Converter> {
    if (!this.converter) {
      const creating = libsamplerate.create(1, fromRate, toRate, {
        converterType: this.converterType,
      });
      this.converter = creating;
      // A failed creation is not kept: the next call tries again.
      creating.catch(() => {
        if (this.converter === creating) this.converter = undefined;
      });
    }
    const converter = await this.converter;
    // Each setter deletes and re-creates the C converter state, which also clears what the
    // previous signal left in the filter.
    converter.inputSampleRate = fromRate;
    converter.outputSampleRate = toRate;
    // The glue checks buffer sizes against `ratio`, which only its constructor sets.
    converter.ratio = toRate / fromRate;
    return converter;
  }

  private async convert(input: Float32Array, fromRate: number, toRate: number) {
    const converter = await this.acquire(fromRate, toRate);
    const ratio = toRate / fromRate;
    const outLength = Math.ceil((input.length * toRate) / fromRate);
    const out = new Float32Array(outLength);
    const chunkFrames = Math.min(
      MAX_CHUNK_FRAMES,
      Math.floor((TRANSFER_BUFFER - OUTPUT_MARGIN) / Math.max(1, ratio)),
    );
    const staging = new Float32Array(Math.ceil(chunkFrames * ratio) + OUTPUT_MARGIN);
    const produced = { frames: 0 };
    let written = 0;
    const feed = (block: Float32Array) => {
      converter.full(block, staging, produced);
      const take = Math.min(produced.frames, outLength - written);
      out.set(staging.subarray(0, take), written);
      written += take;
    };

    for (let offset = 0; offset < input.length; offset += chunkFrames) {
      feed(input.subarray(offset, Math.min(offset + chunkFrames, input.length)));
      if (offset + chunkFrames < input.length) await yieldToEventLoop();
    }
    const zeros = new Float32Array(Math.min(chunkFrames, FLUSH_FRAMES));
    for (let calls = 0; written < outLength; calls++) {
      if (calls === MAX_FLUSH_CALLS) {
        throw new Error(`libsamplerate produced ${written} of ${outLength} samples`);
      }
      feed(zeros);
    }
    return out;
  }
}

let shared: Resampler | undefined;

/** The process-wide Resampler behind resample() and resampleTo16k(). */
export function sharedResampler(): Resampler {
  shared ??= new Resampler();
  return shared;
}

/** Frees the shared converter (application shutdown); a later call creates a new one. */
export async function disposeSharedResampler(): Promise<void> {
  const resampler = shared;
  shared = undefined;
  await resampler?.dispose();
}

/** Mono `samples` from `fromRate` to `toRate` (see Resampler.resample). */
export function resample(
  samples: Float32Array,
  fromRate: number,
  toRate: number,
): Promise<Float32Array> {
  return sharedResampler().resample(samples, fromRate, toRate);
}

/** Mono `samples` from `fromRate` to 16 kHz; 16 kHz input is returned as is. */
export function resampleTo16k(samples: Float32Array, fromRate: number): Promise<Float32Array> {
  return resample(samples, fromRate, TARGET_SAMPLE_RATE);
}

/** Sample rate the Silero VAD runs at. */
export const VAD_SAMPLE_RATE = 16_000;
/** Samples per VAD frame at 16 kHz (32 ms), the only frame size Silero v5 takes at this rate. */
export const VAD_FRAME_SAMPLES = 512;
/** Samples of the previous frame prepended to each frame (Silero v5 at 16 kHz). */
export const VAD_CONTEXT_SAMPLES = 64;
/** Size of the model's recurrent state: [2, 1, 128] float32. */
export const VAD_STATE_SIZE = 2 * 1 * 128;

/** Duration of one VAD frame, in ms (32). */
export const VAD_FRAME_MS = (VAD_FRAME_SAMPLES * 1000) / VAD_SAMPLE_RATE;

/**
 * One model call: `input` is [context | frame] (576 samples, or 512 when the context is off),
 * `state` the recurrent state going in. Resolves with the speech probability and the state out.
 */
export type VadInference = (
  input: Float32Array,
  state: Float32Array,
) => Promise<{ probability: number; state: Float32Array }>;

/** Something that scores 512-sample frames in order; the sentence segmenter needs only this. */
export interface FrameClassifier {
  /** Speech probability (0..1) of the next frame of the stream. */
  process(frame: Float32Array): Promise<number>;
  /** Forgets the stream so far. */
  reset(): void;
}

export interface VadStreamOptions {
  /**
   * Prepend the last 64 samples of the previous frame (zeros at the start), as Silero v5 expects.
   * Only diagnostics turn this off: without it the model scores real speech near zero.
   */
  carryContext?: boolean;
}

/**
 * The VAD state of one audio stream: the model's recurrent state and the 64-sample context.
 * Frames are scored strictly in order: concurrent `process` calls are queued, never interleaved,
 * so each call sees the state and context left by the previous frame.
 */
export class VadStream implements FrameClassifier {
  private readonly carryContext: boolean;
  private readonly state = new Float32Array(VAD_STATE_SIZE);
  private readonly context = new Float32Array(VAD_CONTEXT_SAMPLES);
  /** Tail of the queue of pending `process` calls. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped by reset(), so a call already running cannot write its state into the new stream. */
  private generation = 0;

  constructor(
    private readonly infer: VadInference,
    options: VadStreamOptions = {},
  ) {
    this.carryContext = options.carryContext ?? true;
  }

  /**
   * Speech probability of `frame`: exactly 512 samples at 16 kHz, float in [-1, 1], the frame
   * following the one given to the previous call.
   */
  process(frame: Float32Array): Promise<number> {
    if (!(frame instanceof Float32Array) || frame.length !== VAD_FRAME_SAMPLES) {
      return Promise.reject(
        new RangeError(`A VAD frame has exactly ${VAD_FRAME_SAMPLES} samples (16 kHz, 32 ms)`),
      );
    }
    // Copied now: the caller may reuse its buffer before the queued call runs.
    const samples = frame.slice();
    const generation = this.generation;
    const result = this.queue.then(() => this.run(samples, generation));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Back to the start of a stream: zero state, zero context. Frames given before the reset but not
   * yet scored still resolve, and leave no trace in the new stream.
   */
  reset(): void {
    this.generation++;
    this.state.fill(0);
    this.context.fill(0);
  }

  private async run(frame: Float32Array, generation: number): Promise<number> {
    let input = frame;
    if (this.carryContext) {
      input = new Float32Array(VAD_CONTEXT_SAMPLES + VAD_FRAME_SAMPLES);
      input.set(this.context, 0);
      input.set(frame, VAD_CONTEXT_SAMPLES);
    }
    const { probability, state } = await this.infer(input, this.state.slice());
    if (generation === this.generation) {
      this.state.set(state.subarray(0, VAD_STATE_SIZE));
      this.context.set(frame.subarray(VAD_FRAME_SAMPLES - VAD_CONTEXT_SAMPLES));
    }
    return probability;
  }
}

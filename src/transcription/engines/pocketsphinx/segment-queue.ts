import type { EngineError } from '../../../common/errors/engine.errors.js';
import type { AsrTranscript } from '../asr-engine.js';
import type { PocketsphinxWorker, WorkerAnswer } from './pocketsphinx-worker.js';

/** A whole segment waiting for a decoder, or on one. */
interface Job {
  readonly request: Buffer;
  readonly signal: AbortSignal;
  readonly queuedAt: number;
  readonly resolve: (transcript: AsrTranscript) => void;
  readonly reject: (error: EngineError) => void;
  worker?: PocketsphinxWorker;
  settled: boolean;
}

/** What the queue asks of the engine that owns the decoders. */
export interface SegmentQueueEngine {
  /** A decoder's answer as the transcript to give. */
  transcript(answer: WorkerAnswer): AsrTranscript;
  /** The error of a segment whose signal aborted, while still waiting (`queued`) or decoding. */
  timeout(signal: AbortSignal, since: number, queued: boolean): EngineError;
  /** The error of a segment its decoder failed on, e.g. `exited while transcribing`. */
  failed(reason: string): EngineError;
  /** A decoder may be free: give it the next segment (`next`). */
  dispatch(): void;
}

/**
 * The whole segments waiting for a decoder, first in first out, and those being decoded. Each
 * settles once: with its transcript, its decoder's failure, or its signal's abort; an abort
 * during decoding kills the decoder, which cannot be stopped mid-utterance.
 */
export class SegmentQueue {
  private readonly waiting: Job[] = [];
  /** The segment each busy decoder is working on. */
  private readonly running = new Map<PocketsphinxWorker, Job>();

  constructor(private readonly engine: SegmentQueueEngine) {}

  /** Segments waiting for a decoder. */
  get length(): number {
    return this.waiting.length;
  }

  /** Decoders decoding a segment now. */
  get busy(): number {
    return this.running.size;
  }

  /** Queues a segment (a `D` request) and asks the engine to dispatch. */
  add(request: Buffer, signal: AbortSignal): Promise<AsrTranscript> {
    return new Promise<AsrTranscript>((resolve, reject) => {
      const onAbort = () => this.abort(job);
      const job: Job = {
        request,
        signal,
        queuedAt: Date.now(),
        resolve: (transcript) => (
          signal.removeEventListener('abort', onAbort),
          resolve(transcript)
        ),
        reject: (error) => (signal.removeEventListener('abort', onAbort), reject(error)),
        settled: false,
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(job);
      this.engine.dispatch();
    });
  }

  /** Gives the next waiting segment to `worker`, an idle decoder; false when none waits. */
  next(worker: PocketsphinxWorker): boolean {
    const job = this.waiting.shift();
    if (!job) return false;
    this.run(worker, job);
    return true;
  }

  /**
   * The decoder exited: the segment it was decoding, if any, fails with `error`. Whether that
   * segment had been cancelled (its decoder was killed on purpose).
   */
  decoderExited(worker: PocketsphinxWorker, error: () => EngineError): boolean {
    const job = this.running.get(worker);
    this.running.delete(worker);
    if (job) this.settle(job, () => job.reject(error()));
    return job?.signal.aborted ?? false;
  }

  /** Fails every waiting segment. */
  failWaiting(error: EngineError): void {
    for (const job of this.waiting.splice(0)) this.settle(job, () => job.reject(error));
  }

  /**
   * Fails every segment, waiting or decoding (the engine shuts down); the decoders that were
   * decoding one, to be killed.
   */
  failAll(error: () => EngineError): Set<PocketsphinxWorker> {
    for (const job of this.waiting.splice(0)) this.settle(job, () => job.reject(error()));
    for (const job of this.running.values()) this.settle(job, () => job.reject(error()));
    const decoding = new Set(this.running.keys());
    this.running.clear();
    return decoding;
  }

  private run(worker: PocketsphinxWorker, job: Job): void {
    job.worker = worker;
    this.running.set(worker, job);
    worker.decode(job.request).then(
      (answer) => {
        this.running.delete(worker);
        const transcript = this.engine.transcript(answer);
        this.settle(job, () => job.resolve(transcript));
        this.engine.dispatch();
      },
      (error: Error) => {
        this.running.delete(worker);
        // An exit is reported by decoderExited; a decoding error leaves the worker usable.
        if (!worker.exited) {
          this.settle(job, () => job.reject(this.engine.failed(error.message)));
          this.engine.dispatch();
        }
      },
    );
  }

  private abort(job: Job): void {
    if (job.settled) return;
    const queued = !job.worker;
    if (queued) this.waiting.splice(this.waiting.indexOf(job), 1);
    this.settle(job, () => job.reject(this.engine.timeout(job.signal, job.queuedAt, queued)));
    // The decoder is mid-utterance: only a new process is ready for the next request.
    job.worker?.kill();
  }

  private settle(job: Job, action: () => void): void {
    if (job.settled) return;
    job.settled = true;
    action();
  }
}

import { EngineError } from '../../../common/errors/engine.errors.js';
import { AsrChannel, AsrStream, AsrTranscript } from '../asr-engine.js';
import { channelMean, keepChannelMean } from './cepstral-mean.js';
import { PocketsphinxWorker, WorkerAnswer } from './pocketsphinx-worker.js';

/**
 * Partials are asked at most this often (and only once the previous one is answered, so a worker
 * that falls behind is not asked more): 4 a second, what a live caption needs; each costs the
 * decoder 0–3 ms (docs/speech.md, "Streaming").
 */
export const PARTIAL_INTERVAL_MS = 250;

/** What a stream needs from the pool that leased it its decoder. */
export interface StreamPool {
  /** The transcript of a final answer, with the engine's confidence floor. */
  transcript(answer: WorkerAnswer): AsrTranscript;
  /**
   * A sentence whose live answer is less confident than this (or has no words) is decoded again
   * whole at its end, and the more confident answer kept; undefined: never.
   */
  readonly redecodeBelow?: number;
  /** The error for a decoder that failed or exited (`reason` from the worker). */
  failed(reason: string): EngineError;
  /** The error for a finish() whose signal aborted, `since` the call in ms since the epoch. */
  timedOut(signal: AbortSignal, since: number): EngineError;
  /**
   * Takes the decoder back: idle (the utterance was ended or dropped), or to be killed (it is
   * mid-utterance and cannot be stopped), in which case the pool replaces it.
   */
  release(worker: PocketsphinxWorker, kill: boolean): void;
}

type State = 'open' | 'finishing' | 'closed';

/**
 * One sentence decoded by a leased worker while it is spoken: pushes are written to the worker
 * at once (the pipe keeps them in order, the event loop never waits), every PARTIAL_INTERVAL_MS
 * one asks for the words so far, and finish() ends the utterance.
 */
export class PocketsphinxStream implements AsrStream {
  private state: State = 'open';
  /** Set when the decoder failed or exited mid-sentence: finish() rejects with it. */
  private failure?: EngineError;
  private partialAsked = false;
  private lastPartialAt: number;
  private lastPartial = '';

  constructor(
    private readonly worker: PocketsphinxWorker,
    private readonly pool: StreamPool,
    private readonly onPartial?: (text: string) => void,
    private readonly now: () => number = Date.now,
    /** The session's channel: its mean starts the stream, the final answer's replaces it. */
    private readonly channel?: AsrChannel,
  ) {
    worker.startStream(channelMean(channel));
    this.lastPartialAt = now();
  }

  push(samples: Float32Array): void {
    if (this.state !== 'open' || this.failure || samples.length === 0) return;
    const now = this.now();
    if (!this.onPartial || this.partialAsked || now - this.lastPartialAt < PARTIAL_INTERVAL_MS) {
      this.worker.push(samples);
      return;
    }
    this.partialAsked = true;
    this.lastPartialAt = now;
    this.worker.pushForPartial(samples).then(
      (text) => {
        this.partialAsked = false;
        if (this.state !== 'open' || !text || text === this.lastPartial) return;
        this.lastPartial = text;
        try {
          this.onPartial?.(text);
        } catch {
          // A caption that cannot be sent must not cost the sentence.
        }
      },
      () => {
        // The worker keeps the failure and answers it at the end, or its exit is reported.
        this.partialAsked = false;
      },
    );
  }

  finish(signal: AbortSignal): Promise<AsrTranscript> {
    if (this.state !== 'open') {
      return Promise.reject(this.pool.failed('was asked to finish a sentence twice'));
    }
    this.state = 'finishing';
    const since = Date.now();
    if (this.failure) {
      this.close(false);
      return Promise.reject(this.failure);
    }
    if (signal.aborted) {
      this.close(true);
      return Promise.reject(this.pool.timedOut(signal, since));
    }
    return new Promise<AsrTranscript>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        this.close(true); // mid-utterance: only a new process is ready for the next sentence
        reject(this.pool.timedOut(signal, since));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.worker.endStream(this.pool.redecodeBelow).then(
        (answer) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          this.close(false);
          if (this.channel && answer.cepstralMean)
            keepChannelMean(this.channel, answer.cepstralMean);
          resolve(this.pool.transcript(answer));
        },
        (error: Error) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          this.close(false);
          reject(this.failure ?? this.pool.failed(error.message));
        },
      );
    });
  }

  cancel(): void {
    if (this.state !== 'open') return;
    if (!this.failure) this.worker.dropStream();
    this.close(false);
  }

  /** The pool's news that the decoder exited or failed mid-sentence. */
  fail(error: EngineError): void {
    this.failure ??= error;
  }

  private close(kill: boolean): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.pool.release(this.worker, kill);
  }
}

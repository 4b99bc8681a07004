import { StringDecoder } from 'node:string_decoder';
import { cepstralMeanOf } from './cepstral-mean.js';
import type { DecoderForkServer, DecoderProcess } from './decoder-fork-server.js';

/** The worker's answer to one request (see pocketsphinx_worker.py). */
export interface WorkerAnswer {
  /** Words of the best path, fillers removed; empty for silence or noise. */
  readonly text: string;
  /** Geometric mean of the words' posterior probabilities, null without words. */
  readonly confidence: number | null;
  /** Decoding time in the worker, in ms. */
  readonly ms: number;
  /** A stream's end only: the live cepstral mean after it, when the worker gave a valid one. */
  readonly cepstralMean?: readonly number[];
}

export interface WorkerCommand {
  /** The interpreter that has the python3-pocketsphinx binding (Debian's /usr/bin/python3). */
  readonly python: string;
  readonly script: string;
  readonly modelDir: string;
  /**
   * build/asr/ of the set-up (scripts/clinical-asr-model.mjs): the clinical dictionary and language
   * model, interpolated with the general one; without it the worker runs the stock model.
   */
  readonly clinicalDir?: string;
  /** A worker not ready by then is killed. */
  readonly startTimeoutMs: number;
}

/** The requests of pocketsphinx_worker.py, one byte each (its docstring has the protocol). */
export type WorkerOp = 'D' | 'S' | 'C' | 'P' | 'E' | 'X';

/** idle: free; busy: answering a whole decode or a stream's end; streaming: holding an utterance. */
type State = 'starting' | 'idle' | 'busy' | 'streaming' | 'exited';

/** A request that has an answer, waiting for it (answers come in the order of the requests). */
interface Pending {
  readonly kind: 'final' | 'partial';
  resolve(answer: WorkerAnswer | string): void;
  reject(reason: string): void;
}

const MAX_LINE_CHARS = 1 << 20;
const MAX_STARTUP_STDERR_CHARS = 300;

/**
 * Byte 0: the op (D, a whole utterance, unless told); bytes 1-4: little-endian length; then s16le
 * PCM: × 32768, rounded and clamped, NaN as 0 (the inverse of the WAV decoder's ÷ 32768, so
 * 16-bit audio reaches the decoder bit for bit).
 */
export function encodeRequest(samples: Float32Array, op: WorkerOp = 'D'): Buffer {
  const bytes = samples.length * 2;
  const buffer = Buffer.allocUnsafe(5 + bytes);
  buffer.write(op, 0, 'latin1');
  buffer.writeUInt32LE(bytes, 1);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.round(samples[i] * 32768) || 0;
    buffer.writeInt16LE(s > 32767 ? 32767 : s < -32768 ? -32768 : s, 5 + 2 * i);
  }
  return buffer;
}

const EMPTY = new Float32Array(0);

/** A request whose payload is `values` as float32 LE: op, length, then the floats. */
function encodeFloats(op: WorkerOp, values: readonly number[]): Buffer {
  const buffer = Buffer.alloc(5 + 4 * values.length);
  buffer.write(op, 0, 'latin1');
  buffer.writeUInt32LE(4 * values.length, 1);
  values.forEach((value, i) => buffer.writeFloatLE(value, 5 + 4 * i));
  return buffer;
}

/** The S request: the carried cepstral mean, or nothing without a valid one. */
export function encodeStreamStart(mean: readonly number[] | undefined): Buffer {
  return encodeFloats('S', cepstralMeanOf(mean) ?? []);
}

/** The E request: nothing, or the threshold under which the worker decodes the sentence again whole. */
export function encodeStreamEnd(redecodeBelow?: number): Buffer {
  const threshold = redecodeBelow !== undefined && Number.isFinite(redecodeBelow);
  return encodeFloats('E', threshold ? [redecodeBelow] : []);
}

/**
 * One decoder process, forked by the engine's DecoderForkServer from the loaded model of
 * pocketsphinx_worker.py; it answers length-prefixed PCM requests with one JSON line each, one
 * at a time: a whole utterance (decode()), or one utterance fed while it is spoken
 * (startStream() … end or drop). A socket pair only. The owner (the engine's pool) replaces a
 * worker that exits.
 */
export class PocketsphinxWorker {
  /** Resolves with the model load time in ms once the worker can decode; rejects with why it cannot. */
  readonly ready: Promise<number>;
  private state: State = 'starting';
  private wasReady = false;
  private streamable = false;
  private readonly child: DecoderProcess;
  private readonly exitListeners: (() => void)[] = [];
  private readonly decoder = new StringDecoder('utf8');
  private line = '';
  private stderr = '';
  private exitReason?: string;
  private fatal?: string;
  private markReady!: (ms: number) => void;
  private markFailed!: (reason: string) => void;
  private readonly pending: Pending[] = [];
  private readonly startTimer: NodeJS.Timeout;

  constructor(
    server: DecoderForkServer,
    startTimeoutMs: number,
    private readonly onExit: (worker: PocketsphinxWorker, reason: string) => void,
  ) {
    this.ready = new Promise<number>((resolve, reject) => {
      this.markReady = resolve;
      this.markFailed = (reason) => reject(new Error(reason));
    });
    this.ready.catch(() => undefined); // observed by the pool through onExit as well
    this.startTimer = setTimeout(() => {
      if (this.state !== 'starting') return;
      this.fatal = `did not load the model within ${startTimeoutMs} ms`;
      this.child.kill();
    }, startTimeoutMs);
    this.startTimer.unref();
    this.child = server.open({
      data: (chunk) => this.onStdout(chunk),
      // Startup diagnostics only (a missing module, a bad path); later output is dropped unread.
      stderr: (chunk) => {
        if (this.state === 'starting') {
          this.stderr = (this.stderr + chunk.toString('utf8')).slice(-MAX_STARTUP_STDERR_CHARS);
        }
      },
      error: (error) =>
        this.finish(`could not be started (${server.python}: ${error.code ?? error.message})`),
      exit: (code, signal) => {
        this.finish(signal ? `was killed (${signal})` : `exited with code ${code}`);
        for (const listener of this.exitListeners.splice(0)) listener();
      },
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the model was loaded (the worker got ready at some point). */
  get loaded(): boolean {
    return this.wasReady;
  }

  get idle(): boolean {
    return this.state === 'idle';
  }

  /** Whether the worker said it can decode streams (it could reset its live cepstral mean). */
  get canStream(): boolean {
    return this.streamable;
  }

  /** Bytes written to the worker and not yet read by it (beyond the OS pipe buffer). */
  get backlogBytes(): number {
    return this.child.backlogBytes;
  }

  get exited(): boolean {
    return this.state === 'exited';
  }

  /** Why the worker exited (startup reason included), once it has. */
  get reason(): string | undefined {
    return this.exitReason;
  }

  /** Decodes one request from encodeRequest(); rejects with the reason if the worker exits meanwhile. */
  decode(request: Buffer): Promise<WorkerAnswer> {
    if (this.state !== 'idle') {
      return Promise.reject(new Error(`decode() on a ${this.state} worker`));
    }
    this.state = 'busy';
    return this.ask<WorkerAnswer>('final', request);
  }

  /**
   * Starts an utterance fed by push(); the worker is held until endStream() or dropStream().
   * With `cepstralMean` (the same session's previous sentence's) it decodes live from that mean
   * at once; without, its first second primes the mean.
   */
  startStream(cepstralMean?: readonly number[]): void {
    if (this.state !== 'idle') throw new Error(`startStream() on a ${this.state} worker`);
    this.state = 'streaming';
    this.child.write(encodeStreamStart(cepstralMean));
  }

  /** Feeds samples to the stream; written at once, the pipe keeps them in order. */
  push(samples: Float32Array): void {
    if (this.state === 'streaming') this.child.write(encodeRequest(samples, 'C'));
  }

  /** Feeds samples, then asks for the words so far (without fillers; may be empty). */
  pushForPartial(samples: Float32Array): Promise<string> {
    if (this.state !== 'streaming') {
      return Promise.reject(new Error(`a partial on a ${this.state} worker`));
    }
    return this.ask<string>('partial', encodeRequest(samples, 'P'));
  }

  /**
   * Ends the stream's utterance: its final answer, as decode() gives it; the worker is then idle.
   * Under `redecodeBelow` (or without words) the sentence is also decoded whole, and the more
   * confident answer is given.
   */
  endStream(redecodeBelow?: number): Promise<WorkerAnswer> {
    if (this.state !== 'streaming') {
      return Promise.reject(new Error(`endStream() on a ${this.state} worker`));
    }
    this.state = 'busy';
    return this.ask<WorkerAnswer>('final', encodeStreamEnd(redecodeBelow));
  }

  /**
   * Drops the stream without a result: the worker ends the utterance before it reads the next
   * request, so it is idle at once (cheaper than a restart, which reloads the model).
   */
  dropStream(): void {
    if (this.state !== 'streaming') return;
    this.child.write(encodeRequest(EMPTY, 'X'));
    // Partials still asked are answered before X is read, and so before the next request's answer.
    this.state = 'idle';
  }

  private ask<T extends WorkerAnswer | string>(kind: Pending['kind'], request: Buffer): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({
        kind,
        resolve: (answer) => resolve(answer as T),
        reject: (reason) => reject(new Error(reason)),
      });
      this.child.write(request);
    });
  }

  /** Kills the process at once (a decoder cannot be interrupted mid-utterance). */
  kill(): void {
    if (this.state !== 'exited') this.child.kill();
  }

  /** Closes stdin so the worker ends by itself; kills it if it has not after `graceMs`. */
  stop(graceMs: number): Promise<void> {
    if (this.state === 'exited') return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.kill(), graceMs);
      this.exitListeners.push(() => (clearTimeout(timer), resolve()));
      this.child.end();
    });
  }

  private onStdout(chunk: Buffer): void {
    this.line += this.decoder.write(chunk);
    let end: number;
    while ((end = this.line.indexOf('\n')) >= 0) {
      const line = this.line.slice(0, end);
      this.line = this.line.slice(end + 1);
      this.onMessage(line);
    }
    if (this.line.length > MAX_LINE_CHARS) {
      this.fatal = 'wrote an answer without a line end';
      this.kill();
    }
  }

  private onMessage(line: string): void {
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(line);
      if (parsed === null || typeof parsed !== 'object') throw new TypeError('not an object');
      message = parsed as Record<string, unknown>;
    } catch {
      // Never quote the line: it may hold recognized text.
      this.fatal = 'wrote something that is not a JSON answer';
      this.kill();
      return;
    }
    if (this.state === 'starting') {
      if (message.ready === true) {
        clearTimeout(this.startTimer);
        this.state = 'idle';
        this.wasReady = true;
        this.streamable = message.stream === true;
        this.markReady(typeof message.ms === 'number' ? message.ms : 0);
      } else {
        this.fatal = typeof message.fatal === 'string' ? message.fatal : 'did not start';
      }
      return;
    }
    const pending = this.pending.shift();
    if (!pending) {
      this.fatal = 'answered a request it was not sent';
      this.kill();
      return;
    }
    // The last answer of a whole decode, a stream's end, or a dropped stream's partial frees it.
    if (this.state === 'busy' && this.pending.length === 0) this.state = 'idle';
    if (typeof message.error === 'string') {
      pending.reject(`failed to decode (${message.error})`);
    } else if (pending.kind === 'partial') {
      if (typeof message.partial === 'string') pending.resolve(message.partial);
      else pending.reject('answered a partial request without words');
    } else if (typeof message.text === 'string') {
      const { text, confidence, ms } = message;
      const cepstralMean = cepstralMeanOf(message.mean);
      pending.resolve({
        text,
        confidence: typeof confidence === 'number' ? confidence : null,
        ms: typeof ms === 'number' ? ms : 0,
        ...(cepstralMean ? { cepstralMean } : {}),
      });
    } else {
      pending.reject('answered without a text');
    }
  }

  private finish(how: string): void {
    if (this.state === 'exited') return;
    const wasStarting = this.state === 'starting';
    this.state = 'exited';
    clearTimeout(this.startTimer);
    const startup = wasStarting && !this.fatal ? this.stderr.trim().split('\n').at(-1) : undefined;
    const why = this.fatal ?? startup;
    this.exitReason = why ? `${how}: ${why}` : how;
    if (wasStarting) this.markFailed(this.exitReason);
    for (const pending of this.pending.splice(0)) pending.reject(this.exitReason);
    this.onExit(this, this.exitReason);
  }
}

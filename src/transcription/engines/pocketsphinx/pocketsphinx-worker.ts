import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

/** The worker's answer to one request (see pocketsphinx_worker.py). */
export interface WorkerAnswer {
  /** Words of the best path, fillers removed; empty for silence or noise. */
  readonly text: string;
  /** Geometric mean of the words' posterior probabilities, null without words. */
  readonly confidence: number | null;
  /** Decoding time in the worker, in ms. */
  readonly ms: number;
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

type State = 'starting' | 'idle' | 'busy' | 'exited';

const MAX_LINE_CHARS = 1 << 20;
const MAX_STARTUP_STDERR_CHARS = 300;

/**
 * Bytes 0-3: little-endian length; then s16le PCM: × 32768, rounded and clamped, NaN as 0 (the
 * inverse of the WAV decoder's ÷ 32768, so 16-bit audio reaches the decoder bit for bit).
 */
export function encodeRequest(samples: Float32Array): Buffer {
  const bytes = samples.length * 2;
  const buffer = Buffer.allocUnsafe(4 + bytes);
  buffer.writeUInt32LE(bytes, 0);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.round(samples[i] * 32768) || 0;
    buffer.writeInt16LE(s > 32767 ? 32767 : s < -32768 ? -32768 : s, 4 + 2 * i);
  }
  return buffer;
}

/**
 * One decoder process: `python3 -u -I pocketsphinx_worker.py MODEL_DIR`, which loads the model
 * once and then answers length-prefixed PCM requests with one JSON line each, one at a time.
 * Pipes only. The owner (the engine's pool) replaces a worker that exits.
 */
export class PocketsphinxWorker {
  /** Resolves with the model load time in ms once the worker can decode; rejects with why it cannot. */
  readonly ready: Promise<number>;
  private state: State = 'starting';
  private wasReady = false;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly decoder = new StringDecoder('utf8');
  private line = '';
  private stderr = '';
  private exitReason?: string;
  private fatal?: string;
  private markReady!: (ms: number) => void;
  private markFailed!: (reason: string) => void;
  private pending?: { resolve(answer: WorkerAnswer): void; reject(reason: string): void };
  private readonly startTimer: NodeJS.Timeout;

  constructor(
    command: WorkerCommand,
    private readonly onExit: (worker: PocketsphinxWorker, reason: string) => void,
  ) {
    this.ready = new Promise<number>((resolve, reject) => {
      this.markReady = resolve;
      this.markFailed = (reason) => reject(new Error(reason));
    });
    this.ready.catch(() => undefined); // observed by the pool through onExit as well
    // -I: ignore PYTHON* variables and user site-packages, so only Debian's binding is found.
    const args = [
      command.script,
      command.modelDir,
      ...(command.clinicalDir ? [command.clinicalDir] : []),
    ];
    this.child = spawn(command.python, ['-u', '-I', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.onStdout(chunk));
    // Startup diagnostics only (a missing module, a bad path); later output is dropped unread.
    this.child.stderr.on('data', (chunk: Buffer) => {
      if (this.state === 'starting') {
        this.stderr = (this.stderr + chunk.toString('utf8')).slice(-MAX_STARTUP_STDERR_CHARS);
      }
    });
    this.child.stdin.on('error', () => undefined); // an EPIPE shows up as the exit below
    this.child.on('error', (error: NodeJS.ErrnoException) =>
      this.finish(`could not be started (${command.python}: ${error.code ?? error.message})`),
    );
    this.child.on('exit', (code, signal) =>
      this.finish(signal ? `was killed (${signal})` : `exited with code ${code}`),
    );
    this.startTimer = setTimeout(() => {
      if (this.state !== 'starting') return;
      this.fatal = `did not load the model within ${command.startTimeoutMs} ms`;
      this.child.kill('SIGKILL');
    }, command.startTimeoutMs);
    this.startTimer.unref();
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
    return new Promise<WorkerAnswer>((resolve, reject) => {
      this.pending = { resolve, reject: (reason) => reject(new Error(reason)) };
      this.child.stdin.write(request);
    });
  }

  /** Kills the process at once (a decoder cannot be interrupted mid-utterance). */
  kill(): void {
    if (this.state !== 'exited') this.child.kill('SIGKILL');
  }

  /** Closes stdin so the worker ends by itself; kills it if it has not after `graceMs`. */
  stop(graceMs: number): Promise<void> {
    if (this.state === 'exited') return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.kill(), graceMs);
      this.child.once('exit', () => (clearTimeout(timer), resolve()));
      this.child.stdin.end();
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
        this.markReady(typeof message.ms === 'number' ? message.ms : 0);
      } else {
        this.fatal = typeof message.fatal === 'string' ? message.fatal : 'did not start';
      }
      return;
    }
    const pending = this.pending;
    if (this.state !== 'busy' || !pending) {
      this.fatal = 'answered a request it was not sent';
      this.kill();
      return;
    }
    this.pending = undefined;
    this.state = 'idle';
    if (typeof message.error === 'string') {
      pending.reject(`failed to decode (${message.error})`);
    } else if (typeof message.text === 'string') {
      const { text, confidence, ms } = message;
      pending.resolve({
        text,
        confidence: typeof confidence === 'number' ? confidence : null,
        ms: typeof ms === 'number' ? ms : 0,
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
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(this.exitReason);
    this.onExit(this, this.exitReason);
  }
}

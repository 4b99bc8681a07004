import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import {
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../../common/errors/engine.errors.js';

interface Waiter {
  resolve(output: string): void;
  reject(error: Error): void;
  settled: boolean;
}

const fail = (message: string, hint?: string) =>
  new EngineUnavailableError('Translation', 'apertium', message, hint);

/**
 * One persistent Apertium pipeline for one mode (e.g. `eng-spa`), run in null-flush mode: each
 * request is written followed by `\0`, and the pipeline answers with one `\0`-terminated result,
 * in order. Keeping the process saves the ~0.2 s start of every Apertium call. Pipes only: nothing
 * touches the disk. A dead process fails what it held and is started again on the next request.
 */
/**
 * bash runs ~/.bashrc even for `-c` when its stdin is a socket (Node's pipes are) and SHLVL < 2,
 * as under systemd or npm; and any non-interactive bash runs $BASH_ENV. A service user's rc file
 * (pyenv, conda…) then ran in every pipeline: seen writing under ~/.pyenv/shims during a load run.
 */
const BASH_WITHOUT_STARTUP_FILES = ['--norc', '--noprofile', '-c'];

export function environmentWithoutStartupFiles(
  environment: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(environment).filter(([name]) => name !== 'BASH_ENV' && name !== 'ENV'),
  );
}

export class ApertiumPipeline {
  private process?: ChildProcessWithoutNullStreams;
  private readonly waiters: Waiter[] = [];
  private pending = Buffer.alloc(0);

  constructor(
    readonly mode: string,
    /** The shell pipeline of the mode with null flush, from `apertium-wblank-mode -z`. */
    private readonly command: string,
  ) {}

  get running(): boolean {
    return this.process !== undefined;
  }

  start(): void {
    if (this.process) return;
    // $1 = -g: generate with unknown-word marks (*word, @word), which the engine reads and
    // removes; $2: tagger option (none).
    const child = spawn(
      'bash',
      [...BASH_WITHOUT_STARTUP_FILES, this.command, 'apertium', '-g', ''],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: environmentWithoutStartupFiles(),
      },
    );
    this.process = child;
    this.pending = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    // Apertium may warn about words of the text on stderr: read and drop it, never log it.
    child.stderr.resume();
    child.stdin.on('error', () => undefined); // an EPIPE shows up as the exit below
    child.on('error', (error) => this.onExit(`could not start (${error.message})`, child));
    child.on('exit', (code, signal) => this.onExit(`exited (${signal ?? `code ${code}`})`, child));
  }

  /** Sends one stream-format text through the pipeline and resolves with its output. */
  translate(stream: string, signal: AbortSignal): Promise<string> {
    if (signal.aborted) return Promise.reject(this.timeoutError());
    this.start();
    return new Promise<string>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, settled: false };
      const onAbort = () => this.settle(waiter, () => reject(this.timeoutError()));
      signal.addEventListener('abort', onAbort, { once: true });
      waiter.resolve = (output) => {
        signal.removeEventListener('abort', onAbort);
        resolve(output);
      };
      this.waiters.push(waiter);
      // A NUL in the text would end the request early; the encoder never produces one. Nor may
      // U+FFFF (a noncharacter), ICU's end of file to lttoolbox: the rest of the text was dropped
      // and came back as the answer to a later request, or the pipeline stalled.
      this.process!.stdin.write(`${stream.replace(/[\0\uffff]/g, '')}\0`);
    });
  }

  close(): void {
    const child = this.process;
    this.process = undefined;
    this.failAll(fail('the pipeline was shut down'));
    child?.stdin.end();
    child?.kill();
  }

  private onData(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    let end: number;
    while ((end = this.pending.indexOf(0)) >= 0) {
      const output = this.pending.subarray(0, end).toString('utf8');
      this.pending = this.pending.subarray(end + 1);
      const waiter = this.waiters.shift();
      // A request abandoned on timeout still gets its answer, in order; it is dropped here.
      if (waiter) this.settle(waiter, () => waiter.resolve(output));
    }
  }

  private onExit(reason: string, child: ChildProcessWithoutNullStreams): void {
    if (this.process !== child) return;
    this.process = undefined;
    this.failAll(
      fail(
        `the ${this.mode} pipeline ${reason}`,
        'Check that the Debian Apertium packages are installed (npm run setup).',
      ),
    );
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiters.splice(0)) this.settle(waiter, () => waiter.reject(error));
  }

  private settle(waiter: Waiter, action: () => void): void {
    if (waiter.settled) return;
    waiter.settled = true;
    action();
  }

  private timeoutError(): Error {
    return new EngineTimeoutError(
      'Translation',
      'apertium',
      `the ${this.mode} pipeline did not answer in time`,
      'Raise TRANSLATION_TIMEOUT_MS for very long texts.',
    );
  }
}

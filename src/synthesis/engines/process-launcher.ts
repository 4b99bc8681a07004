import { type ChildProcess, fork } from 'node:child_process';

const HELPER = new URL('./process-launcher.child.mjs', import.meta.url);

/** How a launched process ended, and what it wrote to stdout. */
export interface LaunchedRun {
  /** Exit code, or null when a signal ended it. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why it could not start (`ENOENT` …), when it could not. */
  readonly error?: string;
  readonly stdout: Buffer;
}

interface Pending {
  readonly helper: ChildProcess;
  resolve(run: LaunchedRun): void;
  reject(error: Error): void;
}

/** The launcher's helper ended while runs were waiting on it. */
export class LauncherStopped extends Error {}

/**
 * Starts short-lived processes (the synthesizers, one per text) from a small helper process
 * (process-launcher.child.mjs) instead of from the server. Node starts a process with fork(),
 * which copies the caller's page tables: from the server, with its models loaded (1.1 GB), each
 * start held the event loop for 18–25 ms, and the voice check at start (164 espeak-ng runs) for
 * 4 s. From the helper it costs about 1 ms. One helper serves the whole process: engines
 * `acquire` it and `release` it; it ends with the last release, and it does not keep the
 * process alive while nothing runs.
 */
export class ProcessLauncher {
  private static current?: ProcessLauncher;

  private helper?: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private users = 0;

  static acquire(): ProcessLauncher {
    const launcher = (ProcessLauncher.current ??= new ProcessLauncher());
    launcher.users++;
    return launcher;
  }

  /** The helper's process id while it runs (for the tests and diagnostics). */
  get helperPid(): number | undefined {
    return this.helper?.connected ? this.helper.pid : undefined;
  }

  release(): void {
    if (--this.users > 0) return;
    if (ProcessLauncher.current === this) ProcessLauncher.current = undefined;
    this.stopHelper();
  }

  /** Runs `command` with `input` on stdin; `kill` returned with the run stops its process. */
  run(
    command: string,
    args: readonly string[],
    input: string | Buffer,
  ): { done: Promise<LaunchedRun>; kill(): void } {
    const helper = this.startedHelper();
    const id = this.nextId++;
    const done = new Promise<LaunchedRun>((resolve, reject) => {
      this.pending.set(id, { helper, resolve, reject });
    });
    this.hold(helper);
    helper.send({ id, command, args, input });
    return {
      done,
      kill: () => this.pending.has(id) && helper.connected && helper.send({ kill: id }),
    };
  }

  private startedHelper(): ChildProcess {
    if (this.helper?.connected) return this.helper;
    const helper = fork(HELPER, [], {
      serialization: 'advanced', // Buffers cross as bytes, not JSON
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      execArgv: [],
    });
    helper.on('message', (message: LaunchedRun & { id: number }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      this.hold(helper);
      const { stdout } = message;
      waiting.resolve({
        code: message.code,
        signal: message.signal,
        error: message.error,
        stdout: Buffer.from(stdout.buffer, stdout.byteOffset, stdout.byteLength),
      });
    });
    helper.once('exit', () => {
      if (this.helper === helper) this.helper = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.helper !== helper) continue;
        this.pending.delete(id);
        waiting.reject(new LauncherStopped('the process launcher stopped'));
      }
    });
    helper.on('error', () => undefined); // a failed send shows up as the exit above
    this.helper = helper;
    return helper;
  }

  /** The helper keeps the process alive only while a run waits on it. */
  private hold(helper: ChildProcess): void {
    if (this.pending.size > 0) {
      helper.ref();
      helper.channel?.ref();
    } else {
      helper.unref();
      helper.channel?.unref();
    }
  }

  private stopHelper(): void {
    const helper = this.helper;
    this.helper = undefined;
    if (helper?.connected) helper.disconnect();
  }
}

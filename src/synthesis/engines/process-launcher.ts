import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const HELPER = fileURLToPath(new URL('./process_launcher.py', import.meta.url));
/** Debian's interpreter, which the set-up installs for pocketsphinx too. */
const PYTHON = '/usr/bin/python3';

/** How a launched process ended, and what it wrote to stdout. */
export interface LaunchedRun {
  /** Exit code, or null when a signal ended it. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why it could not start (`ENOENT` …), when it could not. */
  readonly error?: string;
  readonly stdout: Buffer;
}

type Helper = ChildProcessByStdio<Writable, Readable, null>;

/** A frame of process_launcher.py: a 4-byte little-endian length, the JSON header, the bytes. */
function frame(header: object, payload: Buffer = Buffer.alloc(0)): Buffer {
  const body = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length);
  return Buffer.concat([length, body, payload]);
}

interface Pending {
  readonly helper: Helper;
  resolve(run: LaunchedRun): void;
  reject(error: Error): void;
}

/** The launcher's helper ended while runs were waiting on it. */
export class LauncherStopped extends Error {}

/**
 * Starts short-lived processes (the synthesizers, one per text) from a small helper process
 * (process_launcher.py, about 10 MiB) instead of from the server. Node starts a process with fork(),
 * which copies the caller's page tables: from the server, with its models loaded (1.1 GB), each
 * start held the event loop for 18–25 ms, and the voice check at start (164 espeak-ng runs) for
 * 4 s. From the helper it costs about 1 ms. One helper serves the whole process: engines
 * `acquire` it and `release` it; it ends with the last release, and it does not keep the
 * process alive while nothing runs.
 */
export class ProcessLauncher {
  private static current?: ProcessLauncher;

  private helper?: Helper;
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
    return this.helper?.pid;
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
    const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
    helper.stdin.write(frame({ id, command, args, input: bytes.length }, bytes));
    return {
      done,
      kill: () => {
        if (this.pending.has(id) && this.helper === helper) helper.stdin.write(frame({ kill: id }));
      },
    };
  }

  private startedHelper(): Helper {
    if (this.helper) return this.helper;
    // -I: no PYTHON* variables, no user site-packages; only the standard library is used.
    const helper = spawn(PYTHON, ['-u', '-I', HELPER], { stdio: ['pipe', 'pipe', 'ignore'] });
    // Bytes of this helper's stdout not yet read as whole frames: its own, so that a helper
    // still flushing as it ends never mixes its frames with the next one's.
    let unread: Buffer = Buffer.alloc(0);
    helper.stdout.on('data', (chunk: Buffer) => {
      unread = this.answerFrames(helper, Buffer.concat([unread, chunk]));
    });
    helper.stdin.on('error', () => undefined); // a helper gone shows up as the exit below
    helper.once('exit', () => this.stopped(helper));
    helper.on('error', () => this.stopped(helper)); // it could not start
    this.helper = helper;
    return helper;
  }

  /** Answers the runs of the whole frames in `bytes`; returns the bytes of an unfinished one. */
  private answerFrames(helper: Helper, bytes: Buffer): Buffer {
    let unread = bytes;
    while (unread.length >= 4) {
      const size = unread.readUInt32LE(0);
      if (unread.length < 4 + size) break;
      const header = JSON.parse(unread.subarray(4, 4 + size).toString('utf8')) as {
        id: number;
        code: number | null;
        signal: NodeJS.Signals | null;
        error: string | null;
        stdout: number;
      };
      const end = 4 + size + header.stdout;
      if (unread.length < end) break;
      const stdout = Buffer.from(unread.subarray(4 + size, end));
      unread = unread.subarray(end);
      const waiting = this.pending.get(header.id);
      if (!waiting) continue;
      this.pending.delete(header.id);
      this.hold(helper);
      waiting.resolve({
        code: header.code,
        signal: header.signal,
        error: header.error ?? undefined,
        stdout,
      });
    }
    return unread;
  }

  private stopped(helper: Helper): void {
    if (this.helper === helper) this.helper = undefined;
    for (const [id, waiting] of this.pending) {
      if (waiting.helper !== helper) continue;
      this.pending.delete(id);
      waiting.reject(new LauncherStopped('the process launcher stopped'));
    }
  }

  /** The helper keeps the process alive only while a run waits on it. */
  private hold(helper: Helper): void {
    const streams = [helper.stdin, helper.stdout] as unknown as { ref(): void; unref(): void }[];
    if (this.pending.size > 0) {
      helper.ref();
      for (const stream of streams) stream.ref();
    } else {
      helper.unref();
      for (const stream of streams) stream.unref();
    }
  }

  private stopHelper(): void {
    const helper = this.helper;
    this.helper = undefined;
    helper?.stdin.end(); // it kills what it runs and ends
  }
}

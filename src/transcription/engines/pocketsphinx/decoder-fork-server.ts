import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The server beside this file: src/ under Jest, dist/ once built (nest-cli.json `assets`). */
export const FORK_SERVER_SCRIPT = fileURLToPath(
  new URL('./decoder_fork_server.py', import.meta.url),
);

/** How the decoders are started: `python -u -I decoder_fork_server.py script ...args`. */
export interface ForkServerCommand {
  /** The interpreter that has the python3-pocketsphinx binding (Debian's /usr/bin/python3). */
  readonly python: string;
  /** The worker the server loads once and forks (pocketsphinx_worker.py, or a test's stand-in). */
  readonly script: string;
  readonly args: readonly string[];
}

/** What a decoder tells its owner, as a child process would. */
export interface DecoderEvents {
  /** Bytes of its stdout (the worker protocol's answers). */
  data(chunk: Buffer): void;
  /** Its diagnostics while it starts (the server's, where the model is loaded). */
  stderr(chunk: Buffer): void;
  /** The interpreter could not be started at all. */
  error(error: NodeJS.ErrnoException): void;
  /** It ended: exactly once, after error() too. */
  exit(code: number | null, signal: string | null): void;
}

/** One decoder as its owner sees it: a process with an input, a pid once known, and kill. */
export interface DecoderProcess {
  readonly pid: number | undefined;
  /** Bytes written and not yet taken by the decoder's socket. */
  readonly backlogBytes: number;
  write(bytes: Buffer): void;
  /** Ends its input: it finishes what it has and exits. */
  end(): void;
  kill(): void;
}

type ServerState = 'starting' | 'ready' | 'exited';

/**
 * One Python process per engine that loads the decoder model once and forks a decoder for each
 * connection (decoder_fork_server.py has the protocol). Decoders share the model's memory
 * copy-on-write, and a replaced one is ready at once. A server that ends (a start failure, a
 * crash) ends its decoders; the next open() starts a new one.
 */
export class DecoderForkServer {
  private process?: ChildProcessWithoutNullStreams;
  private state: ServerState = 'exited';
  /** The abstract socket's name, once the server listens on it. */
  private listening?: string;
  /** Decoders waiting for the server to be ready. */
  private readonly waiting = new Set<ForkedDecoder>();
  /** Decoders of the running server, by pid once each has said it. */
  private readonly byPid = new Map<number, ForkedDecoder>();
  private readonly all = new Set<ForkedDecoder>();

  constructor(private readonly command: ForkServerCommand) {}

  get python(): string {
    return this.command.python;
  }

  /** The abstract socket's name (without its leading NUL) while it runs, for tests. */
  get socketName(): string | undefined {
    return this.state === 'ready' ? this.listening : undefined;
  }

  /** The server's process id while it runs, for tests and diagnostics. */
  get pid(): number | undefined {
    return this.state === 'exited' ? undefined : this.process?.pid;
  }

  /** A new decoder: it connects once the server has loaded the model (starting it if needed). */
  open(events: DecoderEvents): DecoderProcess {
    const decoder = new ForkedDecoder(this, events);
    this.all.add(decoder);
    if (this.state === 'exited') this.start();
    if (this.state === 'ready') decoder.connect(this.listening!);
    else this.waiting.add(decoder);
    return decoder;
  }

  /** Ends the server (its decoders with it) and waits for it. */
  close(): Promise<void> {
    const child = this.process;
    if (!child || this.state === 'exited') return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.stdin.end();
    });
  }

  /** @internal ForkedDecoder: kill one decoder, by the server that can tell it is still its own. */
  killDecoder(pid: number): void {
    if (this.state === 'ready') this.process!.stdin.write(`K ${pid}\n`);
  }

  /** @internal ForkedDecoder: a decoder that cannot start without the server (start deadline). */
  killServer(): void {
    if (this.state !== 'exited') this.process?.kill('SIGKILL');
  }

  /** @internal ForkedDecoder: it said its pid. */
  adopt(decoder: ForkedDecoder, pid: number): void {
    this.byPid.set(pid, decoder);
  }

  /** @internal ForkedDecoder: it has ended. */
  forget(decoder: ForkedDecoder): void {
    this.all.delete(decoder);
    this.waiting.delete(decoder);
    if (decoder.pid !== undefined) this.byPid.delete(decoder.pid);
  }

  private start(): void {
    this.state = 'starting';
    const child = spawn(
      this.command.python,
      ['-u', '-I', '-B', FORK_SERVER_SCRIPT, this.command.script, ...this.command.args],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.process = child;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (this.process === child) this.onMessage(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (this.process === child && this.state === 'starting') {
        for (const decoder of this.waiting) decoder.events.stderr(chunk);
      }
    });
    child.stdin.on('error', () => undefined); // an EPIPE shows up as the exit below
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (this.process !== child) return;
      const waiting = [...this.waiting];
      this.ended(child);
      for (const decoder of waiting) decoder.failed(error);
    });
    child.on('exit', (code, signal) => {
      if (this.process !== child || this.state === 'exited') return;
      const waiting = [...this.waiting];
      const connected = [...this.all].filter((decoder) => !this.waiting.has(decoder));
      this.ended(child);
      for (const decoder of waiting) decoder.serverEnded(code, signal);
      for (const decoder of connected) decoder.serverEnded(null, 'SIGKILL');
    });
  }

  private ended(child: ChildProcessWithoutNullStreams): void {
    if (this.process === child) this.state = 'exited';
    this.waiting.clear();
    this.byPid.clear();
  }

  private onMessage(line: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      message = {};
    }
    if (this.state === 'starting') {
      if (message.ready === true && typeof message.socket === 'string') {
        this.state = 'ready';
        this.listening = message.socket;
        for (const decoder of this.waiting) decoder.connect(message.socket);
        this.waiting.clear();
      } else {
        // Why it could not load the model ({"fatal": ...}): each waiting decoder reads it as its own.
        for (const decoder of this.waiting) decoder.events.data(Buffer.from(`${line}\n`));
      }
      return;
    }
    if (typeof message.exit === 'number') {
      this.byPid
        .get(message.exit)
        ?.exited(
          typeof message.code === 'number' ? message.code : null,
          typeof message.signal === 'string' ? message.signal : null,
        );
    }
  }
}

/** A decoder forked by the server, reached over its socket. */
class ForkedDecoder implements DecoderProcess {
  private socket?: Socket;
  private processId?: number;
  private head = '';
  private status?: { code: number | null; signal: string | null };
  private socketClosed = false;
  private killRequested = false;
  private done = false;
  /** Input written before the socket was connected (none in practice: input follows `ready`). */
  private readonly early: Buffer[] = [];
  private inputEnded = false;

  constructor(
    private readonly server: DecoderForkServer,
    readonly events: DecoderEvents,
  ) {}

  get pid(): number | undefined {
    return this.processId;
  }

  get backlogBytes(): number {
    return this.socket?.writableLength ?? 0;
  }

  write(bytes: Buffer): void {
    if (this.done) return;
    if (this.socket?.connecting === false) this.socket.write(bytes);
    else this.early.push(bytes);
  }

  end(): void {
    this.inputEnded = true;
    if (this.socket && !this.socket.connecting) this.socket.end();
    else if (!this.socket) this.finish(0, null); // still waiting for the server: nothing runs
  }

  kill(): void {
    if (this.done) return;
    this.killRequested = true;
    if (this.processId !== undefined) this.server.killDecoder(this.processId);
    else if (!this.socket) this.server.killServer();
  }

  connect(name: string): void {
    const socket = connect(`\0${name}`);
    this.socket = socket;
    socket.on('connect', () => {
      for (const bytes of this.early.splice(0)) socket.write(bytes);
      if (this.inputEnded) socket.end();
    });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => undefined); // shows up as the close below
    socket.on('close', () => {
      this.socketClosed = true;
      // Never connected, or gone before saying its pid: the server will not report its exit.
      if (this.processId === undefined) this.finish(null, 'SIGKILL');
      else if (this.status) this.finish(this.status.code, this.status.signal);
    });
  }

  /** The server reported this decoder's end. */
  exited(code: number | null, signal: string | null): void {
    this.status = { code, signal };
    if (this.socketClosed) this.finish(code, signal);
  }

  /** The server ended: before this decoder was connected, its code is the decoder's. */
  serverEnded(code: number | null, signal: string | null): void {
    if (!this.socket) this.finish(code, signal);
    else {
      this.status ??= { code, signal };
      if (this.socketClosed) this.finish(this.status.code, this.status.signal);
      else this.socket.destroy();
    }
  }

  failed(error: NodeJS.ErrnoException): void {
    if (this.done) return;
    this.events.error(error);
    this.finish(null, null);
  }

  private onData(chunk: Buffer): void {
    if (this.processId !== undefined) {
      this.events.data(chunk);
      return;
    }
    // The first line is the decoder's pid; the rest is the worker's.
    this.head += chunk.toString('latin1');
    const end = this.head.indexOf('\n');
    if (end < 0) return;
    const pid = Number((/"pid":\s*(\d+)/.exec(this.head.slice(0, end)) ?? [])[1]);
    const rest = Buffer.from(this.head.slice(end + 1), 'latin1');
    this.head = '';
    if (!Number.isInteger(pid)) {
      this.socket?.destroy();
      return;
    }
    this.processId = pid;
    this.server.adopt(this, pid);
    if (this.killRequested) this.server.killDecoder(pid);
    if (rest.length > 0) this.events.data(rest);
  }

  private finish(code: number | null, signal: string | null): void {
    if (this.done) return;
    this.done = true;
    this.server.forget(this);
    this.events.exit(code, signal);
  }
}

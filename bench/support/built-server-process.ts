/**
 * The built service started by a benchmark: `node dist/main.js` on a free port, without API keys
 * and with the per-address limits (RATE_LIMIT_PER_MINUTE, WS_CONNECTIONS_PER_MINUTE) off, since
 * every client of a benchmark comes from 127.0.0.1 and opens many sessions on purpose.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.js';

/** How long the server may take to answer GET /languages once started. */
const READY_TRIES = 300;
const READY_EVERY_MS = 200;
const LOG_TAIL_CHARS = 20_000;
/** After SIGTERM, the server is killed if it has not exited within this long. */
const SHUTDOWN_TIMEOUT_MS = 60_000;
/** Lines node prints for --inspect: not the server's, so left out of `log()`. */
const INSPECTOR_NOTICE =
  /^(Debugger attached\.|Debugger (?:listening|ending) on .*|For help, see: .*)\n/gm;

export interface BuiltServerOptions {
  logLevel: string;
  /** More environment for the server (e.g. SESSION_MAX_LIVE). */
  env?: Record<string, string>;
  /** Run node with --inspect=127.0.0.1:0, to reach its V8 inspector at `inspectorUrl`. */
  inspect?: boolean;
  /** Runs node under another command (e.g. strace): the command and arguments to spawn. */
  wrap?: (command: string, args: string[]) => [string, string[]];
  /** Keep all of the output for `wholeLog()` (e.g. to search it afterwards). */
  keepWholeLog?: boolean;
}

export interface BuiltServer {
  /** The process spawned: node, or the wrapper that runs it. */
  child: ChildProcess;
  /** The node process (under a wrapper, the wrapper's child). */
  pid: number;
  /** http://127.0.0.1:PORT */
  base: string;
  /** ws://127.0.0.1:PORT/ws */
  wsUrl: string;
  /** The V8 inspector's WebSocket URL, with `inspect`. */
  inspectorUrl?: string;
  /** The last 20 000 characters of its output, without the inspector's notices. */
  log: () => string;
  /** All of its output; empty unless `keepWholeLog`. */
  wholeLog: () => string;
  /** SIGTERM to node, as in production; resolves once the spawned process has exited. */
  shutDown: () => Promise<void>;
  /** Ends node and its wrapper at once, if still running. */
  kill: () => void;
}

/** The node process a wrapper started, once it exists. */
async function nodeUnder(wrapper: ChildProcess, command: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    try {
      // By its command line: Node 24 names its main thread (and so the process) MainThread.
      const out = execFileSync('pgrep', ['-P', String(wrapper.pid), '-f', 'dist/main\\.js'], {
        encoding: 'utf8',
      });
      return Number(out.trim().split('\n')[0]);
    } catch {
      await sleep(50);
    }
  }
  throw new Error(`${command} did not start node (is the ${command} package installed?)`);
}

export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  const port = await freePort();
  const nodeArgs = [...(options.inspect ? ['--inspect=127.0.0.1:0'] : []), 'dist/main.js'];
  const [command, args] = options.wrap
    ? options.wrap(process.execPath, nodeArgs)
    : [process.execPath, nodeArgs];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      API_KEYS: '',
      HOST: '',
      LOG_LEVEL: options.logLevel,
      RATE_LIMIT_PER_MINUTE: '0',
      WS_CONNECTIONS_PER_MINUTE: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const whole: string[] = [];
  let inspectorUrl: string | undefined;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (options.keepWholeLog) whole.push(text);
    // The last one: the service restarts itself in place at start (src/runtime/malloc-settings.ts)
    // and its inspector listens again, on a new port.
    if (options.inspect) {
      inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(text)?.[1] ?? inspectorUrl;
    }
    log = (log + text.replace(INSPECTOR_NOTICE, '')).slice(-LOG_TAIL_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < READY_TRIES; i++) {
    if (child.exitCode !== null) {
      throw new Error(`node dist/main.js exited with ${child.exitCode}:\n${log}`);
    }
    const status = await fetch(`${base}/languages`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) {
      const pid = options.wrap ? await nodeUnder(child, command) : child.pid!;
      return {
        child,
        pid,
        base,
        wsUrl: `ws://127.0.0.1:${port}/ws`,
        inspectorUrl,
        log: () => log,
        wholeLog: () => whole.join(''),
        shutDown: () => shutDown(child, pid),
        kill: () => kill(child, pid),
      };
    }
    if (status === 404) {
      child.kill();
      throw new Error(
        'the built server has no orchestrator (GET /languages answered 404): run npm run build',
      );
    }
    await sleep(READY_EVERY_MS);
  }
  child.kill();
  throw new Error(
    `node dist/main.js did not answer within ${(READY_TRIES * READY_EVERY_MS) / 1000} s:\n${log}`,
  );
}

async function shutDown(child: ChildProcess, pid: number): Promise<void> {
  const exited = once(child, 'exit');
  process.kill(pid, 'SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function kill(child: ChildProcess, pid: number): void {
  if (child.exitCode !== null) return;
  // Under a wrapper, node is the wrapper's child: stop it, not only the wrapper.
  for (const target of new Set([pid, child.pid!])) {
    try {
      process.kill(target);
    } catch {
      // already gone
    }
  }
}

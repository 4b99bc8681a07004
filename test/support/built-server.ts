import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppConfig } from '../../src/config/app-config.js';
import { freePort } from './free-port.js';

/**
 * The service as `npm start` runs it: `node dist/main.js` in a child process. The one launcher
 * of the built service, for the tests (what only the build has, such as the Swagger CLI plugin's
 * schemas, and what only a real process shows: where it binds, what it writes to stdout) and for
 * the benchmarks (bench/), which measure it.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Rebuilds dist/ when the sources changed; scripts/setup.mjs does nothing when it is current. */
export function ensureBuilt(): void {
  const result = spawnSync(process.execPath, ['scripts/setup.mjs', '--quiet'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`node scripts/setup.mjs failed (exit ${result.status}):\n${result.stderr}`);
  }
}

/** Who starts the service: a test, or a benchmark that measures it. */
export type BuiltServerCaller = 'test' | 'benchmark';

/** What a test and a benchmark each need of the service's start, and of its stop. */
interface CallerNeeds {
  /** Whether the caller's own environment may hold settings of the service. */
  inheritsSettings: boolean;
  /** Settings given before the caller's own `env`. */
  settings: Readonly<Record<string, string>>;
  /** Whether Node keeps its compiled modules for the next start (never under a wrapper). */
  compileCache: boolean;
  /** The request that says the service is up, and the status it must answer (any if absent). */
  readyPath: string;
  readyStatus?: number;
  readyTimeoutMs: number;
  /** How long one request may wait for its answer before the next is sent. */
  probeTimeoutMs: number;
  /** After SIGTERM, how long the service has to exit before SIGKILL. */
  stopGraceMs: number;
}

const NEEDS: Record<BuiltServerCaller, CallerNeeds> = {
  // A test sees only the settings it gives. The suite starts the built service some 60 times:
  // Node's cache of compiled modules spares each start after the first 1–2 s of compiling the
  // same code. The start deadline: it starts in 5–6 s on an idle machine of this kind on a fast
  // day and in 10.5 s on a slow one (2026-11-29), and the suite runs two files at once beside it:
  // 20 s was exceeded under that load. Below the e2e hooks' 60 s, so the error is this one. A
  // request unanswered for 1 s is sent again, so that an exit (the port taken) is seen at once.
  test: {
    inheritsSettings: false,
    settings: {},
    compileCache: true,
    readyPath: '/docs-json',
    readyTimeoutMs: 45_000,
    probeTimeoutMs: 1_000,
    stopGraceMs: 5_000,
  },
  // A benchmark measures the service as `npm start` runs it (no compile cache), with the caller's
  // settings (`ASR_LIVE_DECODERS=8 npm run bench:session`), without API keys and with the
  // per-address limits off: every client of a benchmark comes from 127.0.0.1 and opens many
  // sessions on purpose. Ready once GET /languages answers (the sessions' languages worked out
  // before the first measure; its first answer may take seconds); a stale build never does.
  benchmark: {
    inheritsSettings: true,
    settings: {
      API_KEYS: '',
      HOST: '',
      RATE_LIMIT_PER_MINUTE: '0',
      WS_CONNECTIONS_PER_MINUTE: '0',
    },
    compileCache: false,
    readyPath: '/languages',
    readyStatus: 200,
    readyTimeoutMs: 60_000,
    probeTimeoutMs: 15_000,
    stopGraceMs: 60_000,
  },
};

export interface BuiltServerOptions {
  /** 'test' unless said. */
  caller?: BuiltServerCaller;
  /** How long the service may take to be up; the caller's default unless said. */
  readyTimeoutMs?: number;
  /** The request that says it is up; the caller's default unless said. */
  readyPath?: string;
  /** A command the server runs under, e.g. `['strace', '-f', '-o', FILE]`. */
  wrapper?: readonly string[];
  /** Runs node with --inspect=127.0.0.1:0, to reach its V8 inspector at `inspectorUrl()`. */
  inspect?: boolean;
  /**
   * 'kept' unless said: read into `stdout()` and `stderr()`. 'discarded': stdout to /dev/null and
   * stderr to the caller's, for a benchmark under load whose server logs every request: reading
   * them would take this process CPU beside what it measures.
   */
  output?: 'kept' | 'discarded';
}

export interface BuiltServer {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  /** e.g. `ws://127.0.0.1:41234/ws` */
  readonly wsUrl: string;
  readonly port: number;
  /** The process spawned: node, or the wrapper that runs it. */
  readonly child: ChildProcess;
  /** The node process (under a wrapper, the wrapper's child). */
  readonly pid: number;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** The V8 inspector's WebSocket URL, with `inspect`. */
  inspectorUrl(): string | undefined;
  /** Resolves once stdout holds a line matching `pattern`; rejects after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /**
   * SIGTERM to node, as in production (the app has shutdown hooks; a wrapper exits with it), then
   * SIGKILL to both if it has not exited within the caller's grace; resolves once it has exited.
   */
  stop(): Promise<void>;
}

/** Where the tests' starts of the built service keep Node's compile cache. */
const COMPILE_CACHE_DIR = join(tmpdir(), 'medical-interpretation-test-compile-cache');

/** The configuration variables of the service. */
const SETTINGS = Object.keys(new AppConfig());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of the service: the caller's, less its settings unless it may pass them. */
function serviceEnvironment(
  needs: CallerNeeds,
  env: Record<string, string>,
  port: number,
  wrapped: boolean,
): NodeJS.ProcessEnv {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  if (!needs.inheritsSettings) for (const name of SETTINGS) delete childEnv[name];
  // A traced start (a wrapper: the privacy checks' strace) must see the service's own file
  // accesses alone.
  if (needs.compileCache && !wrapped) childEnv.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR;
  return { ...childEnv, ...needs.settings, ...env, PORT: String(port) };
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

/** Sends `signal` to each of `pids` that still runs. */
function signal(pids: Iterable<number>, name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

/**
 * Starts `node dist/main.js` with `env` (PORT is chosen when absent) and resolves once it is up
 * (see CallerNeeds). Call ensureBuilt() first.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: BuiltServerOptions = {},
): Promise<BuiltServer> {
  const { caller = 'test', wrapper = [], inspect = false, output = 'kept' } = options;
  const needs = NEEDS[caller];
  const timeoutMs = options.readyTimeoutMs ?? needs.readyTimeoutMs;
  const readyPath = options.readyPath ?? needs.readyPath;
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const nodeArgs = [...(inspect ? ['--inspect=127.0.0.1:0'] : []), 'dist/main.js'];
  const [command, ...args] = [...wrapper, process.execPath, ...nodeArgs];
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: serviceEnvironment(needs, env, port, wrapper.length > 0),
    stdio: output === 'kept' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  let pid = child.pid!;

  const url = `http://127.0.0.1:${port}`;
  const server: BuiltServer = {
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    port,
    child,
    get pid() {
      return pid;
    },
    stdout: () => out,
    stderr: () => err,
    // The last one: the service restarts itself in place at start (src/runtime/malloc-settings.ts)
    // and its inspector listens again, on a new port.
    inspectorUrl: () => [...err.matchAll(/Debugger listening on (ws:\/\/\S+)/g)].at(-1)?.[1],
    async waitForOutput(pattern, waitMs = 5_000) {
      const deadline = Date.now() + waitMs;
      while (!out.split('\n').some((line) => pattern.test(line))) {
        if (Date.now() > deadline) {
          throw new Error(`no stdout line matched ${pattern} within ${waitMs} ms:\n${out}`);
        }
        await sleep(20);
      }
    },
    async stop() {
      if (hasExited) return;
      signal([pid], 'SIGTERM');
      const timer = setTimeout(
        () => signal(new Set([pid, child.pid!]), 'SIGKILL'),
        needs.stopGraceMs,
      );
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + timeoutMs;
  let lastStatus: number | undefined;
  for (;;) {
    if (hasExited) {
      throw new Error(`node dist/main.js exited before answering:\n${err}\n${out}`);
    }
    const status = await fetch(`${url}${readyPath}`, {
      signal: AbortSignal.timeout(
        Math.max(Math.min(needs.probeTimeoutMs, deadline - Date.now()), 1),
      ),
    }).then(
      (response) => response.status,
      () => undefined,
    );
    lastStatus = status ?? lastStatus;
    if (status !== undefined && (needs.readyStatus ?? status) === status) break;
    if (Date.now() > deadline) {
      await server.stop();
      const expected = needs.readyStatus
        ? ` GET ${readyPath} with ${needs.readyStatus} (last: ${lastStatus ?? 'none'})`
        : '';
      throw new Error(
        `node dist/main.js did not answer${expected} within ${timeoutMs} ms:\n${err}\n${out.slice(-4000)}`,
      );
    }
    await sleep(50);
  }
  if (wrapper.length > 0) pid = await nodeUnder(child, command!);
  return server;
}

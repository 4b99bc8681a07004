import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppConfig } from '../../src/config/app-config.js';

/**
 * The service as `npm start` runs it: `node dist/main.js` in a child process. For what only the
 * build has (the Swagger CLI plugin's schemas) and what only a real process shows (where it
 * binds, what it writes to stdout).
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

/** A TCP port nothing listens on (at the time of the call). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface BuiltServer {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves once stdout holds a line matching `pattern`; rejects after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM (the app has shutdown hooks), then SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>;
}

/** Where the tests' starts of the built service keep Node's compile cache (see startBuiltServer). */
const COMPILE_CACHE_DIR = join(tmpdir(), 'medical-interpretation-test-compile-cache');

/** The configuration variables of the service: none is inherited from the caller's environment. */
const SETTINGS = Object.keys(new AppConfig());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long the built service may take to answer. It starts in 5–6 s on an idle machine of this
 * kind on a fast day and in 10.5 s on a slow one (2026-11-29), and the suite runs two files at
 * once beside it: 20 s was exceeded under that load. Below the e2e hooks' 60 s, so the error is
 * this one.
 */
const READY_TIMEOUT_MS = 45_000;

/**
 * Starts `node dist/main.js` with `env` (PORT is chosen when absent) and resolves once it answers
 * HTTP on 127.0.0.1. Call ensureBuilt() first.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  readyTimeoutMs = READY_TIMEOUT_MS,
  /** A command the server runs under, e.g. `['strace', '-f', '-o', FILE]`. */
  wrapper: string[] = [],
): Promise<BuiltServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SETTINGS) delete childEnv[name];
  // The suite starts the built service some 60 times: Node's cache of compiled modules spares
  // each start after the first 1–2 s of compiling the same code. A test's run only: the service
  // as `npm start` runs it writes no such cache, and a traced start (a wrapper: the privacy
  // test's strace) must see the service's own file accesses alone.
  if (wrapper.length === 0) childEnv.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR;
  Object.assign(childEnv, { ...env, PORT: String(port) });

  const [command, ...args] = [...wrapper, process.execPath, 'dist/main.js'];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const server: BuiltServer = {
    url,
    port,
    child,
    stdout: () => out,
    stderr: () => err,
    async waitForOutput(pattern, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!out.split('\n').some((line) => pattern.test(line))) {
        if (Date.now() > deadline) {
          throw new Error(`no stdout line matched ${pattern} within ${timeoutMs} ms:\n${out}`);
        }
        await sleep(20);
      }
    },
    async stop() {
      if (hasExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (hasExited) {
      throw new Error(`node dist/main.js exited before answering:\n${err}\n${out}`);
    }
    try {
      await fetch(`${url}/docs-json`, { signal: AbortSignal.timeout(1_000) });
      return server;
    } catch {
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error(`node dist/main.js did not answer within ${readyTimeoutMs} ms:\n${err}`);
      }
      await sleep(50);
    }
  }
}

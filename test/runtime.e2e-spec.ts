import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { MINIMUM_NODE_VERSION, nodeVersionProblem } from '../src/runtime/node-version.js';
import { ROOT, ensureBuilt } from './support/built-server.js';

/** `node dist/main.js` with `node`, its environment reduced to what a person's shell would have. */
function startWith(node: string, args: string[] = []) {
  return spawnSync(node, [...args, 'dist/main.js'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', PORT: '0' },
  });
}

function expectClearRefusal(result: ReturnType<typeof startWith>, version: string) {
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`needs Node.js ${MINIMUM_NODE_VERSION} or newer`);
  expect(result.stderr).toContain(`this is Node.js ${version}`);
  // A message, not a stack trace.
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stdout).toBe('');
}

/** Debian's own Node.js, which a person may start dist/main.js with by hand. */
const SYSTEM_NODE = '/usr/bin/node';
const systemNodeVersion = existsSync(SYSTEM_NODE)
  ? spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : undefined;

describe('node dist/main.js on an older Node.js', () => {
  beforeAll(() => ensureBuilt());

  it('stops with a message naming the version it needs (a Node.js that says it is 20.20.2)', () => {
    // Node's own binary, made to report an old version before main.js runs: the check reads
    // process.versions.node, so this exercises the very path an old Node takes.
    const pretend = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } });`;
    const result = startWith(process.execPath, [
      '--import',
      `data:text/javascript,${encodeURIComponent(pretend)}`,
    ]);
    expectClearRefusal(result, '20.20.2');
  });

  const older = systemNodeVersion !== undefined && nodeVersionProblem(systemNodeVersion);
  (older ? it : it.skip)(
    `stops with that message under Debian's own Node.js (${systemNodeVersion ?? 'not installed'})`,
    () => {
      expectClearRefusal(startWith(SYSTEM_NODE), systemNodeVersion!);
    },
  );
});

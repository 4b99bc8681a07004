import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'tools/privacy-audit/cli.ts', ...args], {
    encoding: 'utf8',
  });

describe('privacy-audit CLI', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'privacy-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a trace that only reads, and fails one that writes a file', () => {
    const clean = join(dir, 'clean.txt');
    writeFileSync(clean, '12 openat(AT_FDCWD, "/usr/share/x", O_RDONLY) = 3\n');
    const dirty = join(dir, 'dirty.txt');
    writeFileSync(dirty, '12 openat(AT_FDCWD, "/tmp/a.wav", O_WRONLY|O_CREAT, 0644) = 3\n');

    const passed = cli(clean);
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('Files created, written, moved or removed: 0');
    const failed = cli(dirty);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('/tmp/a.wav');
  }, 30_000);

  it('says what is wrong when the trace is missing or empty', () => {
    expect(cli(join(dir, 'none.txt')).stderr).toMatch(/Cannot read the trace/);
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '');
    const answer = cli(empty);
    expect(answer.status).toBe(2);
    expect(answer.stderr).toMatch(/was strace attached/);
  }, 30_000);
});

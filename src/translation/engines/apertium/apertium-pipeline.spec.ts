import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApertiumPipeline, environmentWithoutStartupFiles } from './apertium-pipeline.js';

describe('ApertiumPipeline', () => {
  const saved = { ...process.env };
  let home: string;
  let pipeline: ApertiumPipeline | undefined;

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'apertium-home-'));
    // A service user's start-up files that write to the disk, as pyenv's `init -` does.
    writeFileSync(join(home, '.bashrc'), 'touch "$HOME/bashrc-ran"\n');
    writeFileSync(join(home, 'bash-env.sh'), 'touch "$HOME/bash-env-ran"\n');
    process.env.HOME = home;
    process.env.BASH_ENV = join(home, 'bash-env.sh');
    // As under systemd or `npm start`: with SHLVL < 2 and a socket on stdin (Node's pipes),
    // bash -c reads ~/.bashrc as if started by sshd.
    delete process.env.SHLVL;
  });
  afterEach(() => {
    pipeline?.close();
    process.env = { ...saved };
    rmSync(home, { recursive: true, force: true });
  });

  it('runs the mode pipeline without the user’s bash start-up files', async () => {
    pipeline = new ApertiumPipeline('test', 'cat');
    const answer = await pipeline.translate('[hello]', AbortSignal.timeout(5000));
    expect(answer).toBe('[hello]');
    expect(existsSync(join(home, 'bashrc-ran'))).toBe(false);
    expect(existsSync(join(home, 'bash-env-ran'))).toBe(false);
  });

  it('passes the rest of the environment through', () => {
    expect(
      environmentWithoutStartupFiles({ PATH: '/usr/bin', BASH_ENV: '/x', ENV: '/y', LANG: 'C' }),
    ).toEqual({ PATH: '/usr/bin', LANG: 'C' });
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { MALLOC_SETTINGS, restartWithMallocSettings } from './malloc-settings.js';

describe('restartWithMallocSettings', () => {
  it('restarts the process in place with the malloc settings when none is set', () => {
    const execve =
      jest.fn<(file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never>();
    restartWithMallocSettings({ PATH: '/usr/bin', PORT: '3000' }, execve, 'linux');
    expect(execve).toHaveBeenCalledTimes(1);
    const [file, args, env] = execve.mock.calls[0];
    expect(file).toBe(process.execPath);
    expect(args.slice(0, 1)).toEqual([process.execPath]);
    expect(args.slice(1)).toEqual([...process.execArgv, ...process.argv.slice(1)]);
    expect(env).toEqual({ PATH: '/usr/bin', PORT: '3000', ...MALLOC_SETTINGS });
    expect(MALLOC_SETTINGS).toEqual({
      MALLOC_ARENA_MAX: '1',
      MALLOC_MMAP_THRESHOLD_: '32768',
      MALLOC_TRIM_THRESHOLD_: '65536',
    });
  });

  it("keeps the operator's own environment when any is set, and does nothing off Linux or without process.execve", () => {
    const execve =
      jest.fn<(file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never>();
    restartWithMallocSettings({ MALLOC_ARENA_MAX: '8' }, execve, 'linux');
    restartWithMallocSettings({ MALLOC_TRIM_THRESHOLD_: '0' }, execve, 'linux');
    restartWithMallocSettings({}, execve, 'darwin');
    restartWithMallocSettings({}, null, 'linux');
    expect(execve).not.toHaveBeenCalled();
  });

  it('runs a real process again with the variable set, under the same pid', () => {
    const script = `
      const { restartWithMallocSettings } = await import(${JSON.stringify(new URL('./malloc-settings.ts', import.meta.url).href)});
      const pid = process.env.FIRST_PID ?? String(process.pid);
      if (!process.env.FIRST_PID) process.env.FIRST_PID = pid;
      restartWithMallocSettings();
      console.log(JSON.stringify({ same: pid === String(process.pid), arenas: process.env.MALLOC_ARENA_MAX, mmap: process.env.MALLOC_MMAP_THRESHOLD_ }));
    `;
    const env = { ...process.env };
    for (const name of Object.keys(MALLOC_SETTINGS)) delete env[name];
    const out = execFileSync(
      process.execPath,
      ['--experimental-strip-types', '--input-type=module', '-e', script],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      same: true,
      arenas: '1',
      mmap: '32768',
    });
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { MALLOC_ARENAS, restartWithOneMallocArena } from './malloc-arenas.js';

describe('restartWithOneMallocArena', () => {
  it('restarts the process in place with MALLOC_ARENA_MAX=1 when it is unset', () => {
    const execve =
      jest.fn<(file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never>();
    restartWithOneMallocArena({ PATH: '/usr/bin', PORT: '3000' }, execve, 'linux');
    expect(execve).toHaveBeenCalledTimes(1);
    const [file, args, env] = execve.mock.calls[0];
    expect(file).toBe(process.execPath);
    expect(args.slice(0, 1)).toEqual([process.execPath]);
    expect(args.slice(1)).toEqual([...process.execArgv, ...process.argv.slice(1)]);
    expect(env).toEqual({ PATH: '/usr/bin', PORT: '3000', MALLOC_ARENA_MAX: MALLOC_ARENAS });
  });

  it("keeps the operator's own value, and does nothing off Linux or without process.execve", () => {
    const execve =
      jest.fn<(file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never>();
    restartWithOneMallocArena({ MALLOC_ARENA_MAX: '8' }, execve, 'linux');
    restartWithOneMallocArena({}, execve, 'darwin');
    restartWithOneMallocArena({}, null, 'linux');
    expect(execve).not.toHaveBeenCalled();
  });

  it('runs a real process again with the variable set, under the same pid', () => {
    const script = `
      const { restartWithOneMallocArena } = await import(${JSON.stringify(new URL('./malloc-arenas.ts', import.meta.url).href)});
      const pid = process.env.FIRST_PID ?? String(process.pid);
      if (!process.env.FIRST_PID) process.env.FIRST_PID = pid;
      restartWithOneMallocArena();
      console.log(JSON.stringify({ same: pid === String(process.pid), arenas: process.env.MALLOC_ARENA_MAX }));
    `;
    const env = { ...process.env };
    delete env.MALLOC_ARENA_MAX;
    const out = execFileSync(
      process.execPath,
      ['--experimental-strip-types', '--input-type=module', '-e', script],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ same: true, arenas: '1' });
  });
});

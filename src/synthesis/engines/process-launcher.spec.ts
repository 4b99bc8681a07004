import { afterEach, describe, expect, it } from '@jest/globals';
import { ProcessLauncher } from './process-launcher.js';
import { startedProcesses } from '../../../test/support/started-processes.fixture.js';

const HELPER = /process_launcher\.py/;

describe('ProcessLauncher', () => {
  const acquired: ProcessLauncher[] = [];
  const acquire = () => {
    const launcher = ProcessLauncher.acquire();
    acquired.push(launcher);
    return launcher;
  };
  afterEach(() => {
    for (const launcher of acquired.splice(0)) launcher.release();
  });

  it('runs a process with the input on stdin and answers its stdout and exit code', async () => {
    const run = acquire().run('tr', ['a-z', 'A-Z'], 'where does it hurt?');
    const ended = await run.done;
    expect(ended).toMatchObject({ code: 0, signal: null, error: undefined });
    expect(ended.stdout).toBeInstanceOf(Buffer);
    expect(ended.stdout.toString('utf8')).toBe('WHERE DOES IT HURT?');
  });

  it('passes bytes through unchanged, both ways', async () => {
    const input = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
    const ended = await acquire().run('cat', [], input).done;
    expect(ended.stdout.equals(input)).toBe(true);
  });

  it('answers the exit code of a process that fails, and why one could not start', async () => {
    const launcher = acquire();
    expect(await launcher.run('sh', ['-c', 'exit 3'], '').done).toMatchObject({ code: 3 });
    expect(await launcher.run('/nonexistent/espeak-ng', [], 'x').done).toMatchObject({
      error: 'ENOENT',
    });
  });

  it('kills a run on request, which then ends with the signal', async () => {
    const run = acquire().run('sleep', ['30'], '');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(startedProcesses(/^sleep 30$/)).toHaveLength(1);
    run.kill();
    expect(await run.done).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(startedProcesses(/^sleep 30$/)).toEqual([]);
  });

  it('starts processes from one helper process that all engines share, ended by the last release', async () => {
    const helpers = () => startedProcesses(HELPER).map((line) => Number(line.split(' ')[0]));
    const before = helpers();
    const first = acquire();
    const second = acquire();
    expect(second).toBe(first);
    await Promise.all([first.run('true', [], '').done, second.run('true', [], '').done]);
    const pid = first.helperPid;
    expect(helpers().filter((p) => !before.includes(p))).toEqual([pid]);

    acquired.pop()!.release();
    expect((await first.run('true', [], '').done).code).toBe(0);
    expect(first.helperPid).toBe(pid);
    const sleeping = first.run('sleep', ['30'], '');
    await new Promise((resolve) => setTimeout(resolve, 200));
    acquired.pop()!.release();
    // What it was still running is stopped with it; the run says so.
    await expect(sleeping.done).rejects.toThrow('the process launcher stopped');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(helpers()).not.toContain(pid);
    expect(startedProcesses(/^sleep 30$/)).toEqual([]);
  });

  it('starts a new helper for the next user after the last one released it', async () => {
    acquire().release();
    acquired.pop();
    const ended = await acquire().run('echo', ['again'], '').done;
    expect(ended.stdout.toString()).toBe('again\n');
  });
});

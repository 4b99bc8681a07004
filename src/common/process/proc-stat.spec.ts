import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { procStat } from './proc-stat.js';

describe('procStat', () => {
  it("reads this process's parent, CPU times and resident pages", () => {
    const self = procStat(process.pid)!;
    expect(self.ppid).toBe(process.ppid);
    expect(self.utime + self.stime).toBeGreaterThan(0);
    expect(self.rssPages * 4096).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('reads a child whose command name holds spaces and a parenthesis', async () => {
    // The command name in /proc/PID/stat is the executable's file name.
    const dir = mkdtempSync(join(tmpdir(), 'proc-stat-'));
    const odd = join(dir, 'odd (name) x');
    symlinkSync('/bin/sleep', odd);
    const child = spawn(odd, ['5']);
    try {
      await once(child, 'spawn'); // after the exec: the name is the symlink's
      expect(readFileSync(`/proc/${child.pid}/stat`, 'utf8')).toContain('(odd (name) x)');
      expect(procStat(child.pid!)?.ppid).toBe(process.pid);
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers undefined for a process that is gone', () => {
    expect(procStat(2 ** 22 + 1)).toBeUndefined();
  });
});

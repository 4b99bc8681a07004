import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpuSecondsOf } from './process-cpu.js';

describe('cpuSecondsOf', () => {
  it("reads a process's user and system time, growing as it works", () => {
    const before = cpuSecondsOf([process.pid]);
    const until = performance.now() + 120;
    let spin = 0;
    while (performance.now() < until) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(cpuSecondsOf([process.pid])).toBeGreaterThan(before);
  });

  it('counts a process that is gone as 0, and sums the others', () => {
    const gone = spawnSync('true').pid;
    const alone = cpuSecondsOf([process.pid]);
    expect(cpuSecondsOf([gone])).toBe(0);
    expect(cpuSecondsOf([gone, process.pid])).toBeGreaterThanOrEqual(alone);
  });
});

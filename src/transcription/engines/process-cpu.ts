import { CLOCK_TICKS_PER_SECOND, procStat } from '../../common/process/proc-stat.js';

/**
 * Summed user + system CPU time of processes, in seconds (clock ticks of /proc/PID/stat); a
 * process that is gone counts 0.
 */
export function cpuSecondsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = procStat(pid);
    if (stat) ticks += stat.utime + stat.stime;
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

import { readFileSync } from 'node:fs';

/**
 * Summed user + system CPU time of processes, in seconds (clock ticks of /proc/PID/stat); a
 * process that is gone counts 0.
 */
export function cpuSecondsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces) start at state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

import { readFileSync } from 'node:fs';

/** USER_HZ, the unit of /proc/PID/stat's times: 100 on Linux. */
export const CLOCK_TICKS_PER_SECOND = 100;

/** What the service and its tests and benchmarks read of a process's /proc/PID/stat. */
export interface ProcStat {
  readonly ppid: number;
  /** CPU time in clock ticks: its own in user and system mode, and its waited-for children's. */
  readonly utime: number;
  readonly stime: number;
  readonly cutime: number;
  readonly cstime: number;
  /** Resident set, in pages. */
  readonly rssPages: number;
}

/** The process's /proc/PID/stat, or undefined once it is gone (Linux). */
export function procStat(pid: number | string): ProcStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The fields after the command name (which may hold spaces and parentheses) start at state,
  // field 3 of proc(5): ppid is field 4, utime … cstime 14–17, rss 24.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const field = (number: number) => Number(fields[number - 3]);
  return {
    ppid: field(4),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
    rssPages: field(24),
  };
}

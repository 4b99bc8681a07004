/** Memory and CPU time of a process and of its descendants, read from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';
import { CLOCK_TICKS_PER_SECOND, procStat } from '../../src/common/process/proc-stat.js';

const PAGE_BYTES = 4096;
const MiB = 1024 * 1024;

/** Resident memory of a process, in MiB (VmRSS), or NaN once it is gone. */
export function residentMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

interface ProcessEntry {
  ppid: number;
  ticks: number;
  rssPages: number;
}

function processTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry); // undefined: exited meanwhile
    if (!stat) continue;
    const ticks = stat.utime + stat.stime + stat.cutime + stat.cstime;
    table.set(Number(entry), { ppid: stat.ppid, ticks, rssPages: stat.rssPages });
  }
  return table;
}

/**
 * CPU seconds used so far (with those of reaped children) and resident memory in MiB of a process
 * and all its live descendants.
 */
export function processTreeUsage(root: number): { cpuSeconds: number; rssMiB: number } {
  const table = processTable();
  let ticks = 0;
  let pages = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    ticks += table.get(pid)?.ticks ?? 0;
    pages += table.get(pid)?.rssPages ?? 0;
    for (const [child, entry] of table) if (entry.ppid === pid) pending.push(child);
  }
  return { cpuSeconds: ticks / CLOCK_TICKS_PER_SECOND, rssMiB: (pages * PAGE_BYTES) / MiB };
}

/** One process of a tree: its proportional memory (Pss of smaps_rollup) and command line. */
export interface ProcessMemory {
  readonly pid: number;
  readonly command: string;
  readonly pssMiB: number;
}

/**
 * Proportional memory (PSS, /proc/PID/smaps_rollup) of a process and each live descendant: pages
 * shared between processes (a model forked copy-on-write, libraries) are divided among them, so
 * the sum is what the tree costs the machine. Processes that end meanwhile are left out.
 */
export function processTreeMemory(root: number): ProcessMemory[] {
  const table = processTable();
  const found: ProcessMemory[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const pssKiB = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      found.push({ pid, command, pssMiB: pssKiB / 1024 });
    } catch {
      /* exited meanwhile */
    }
    for (const [child, entry] of table) if (entry.ppid === pid) pending.push(child);
  }
  return found;
}

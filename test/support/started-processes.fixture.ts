import { execFileSync } from 'node:child_process';

/**
 * The processes this test process started, directly or through the process launcher's helper
 * (process-launcher.ts), whose command line matches `name`: each as `pid args`.
 */
export function startedProcesses(name: RegExp): string[] {
  let table: string;
  try {
    table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const rows = table
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s(.*)$/.exec(line))
    .filter((row): row is RegExpExecArray => row !== null)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args }));
  const mine = new Set([process.pid]);
  // Parents are listed before their children in ps's order only mostly: repeat until stable.
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (mine.has(row.ppid) && !mine.has(row.pid)) {
        mine.add(row.pid);
        grew = true;
      }
    }
  }
  return rows
    .filter((row) => row.pid !== process.pid && mine.has(row.pid) && name.test(row.args))
    .map((row) => `${row.pid} ${row.args}`);
}

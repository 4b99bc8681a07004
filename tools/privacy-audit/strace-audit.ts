/**
 * Reads an `strace -f` log of the service and lists what would break its privacy promise: a file
 * created, opened for writing, moved or removed, and a connection to another machine. Used by
 * the privacy test, the load benchmark and operators (tools/privacy-audit/cli.ts).
 */

/** System calls that create, open for writing, move or remove a file. */
export const FILE_CHANGE_CALLS = [
  'open',
  'openat',
  'openat2',
  'creat',
  'rename',
  'renameat',
  'renameat2',
  'link',
  'linkat',
  'symlink',
  'symlinkat',
  'unlink',
  'unlinkat',
  'mkdir',
  'mkdirat',
  'truncate',
];

/**
 * strace's options for the audit: follow every child (decoders, Apertium, espeak-ng), and trace
 * only these calls through seccomp-bpf, so that the service runs at nearly full speed.
 */
export function straceArguments(outputFile: string): string[] {
  return [
    '-f',
    '-qq',
    '--seccomp-bpf',
    '-e',
    `trace=${[...FILE_CHANGE_CALLS, 'connect'].join(',')}`,
    '-o',
    outputFile,
  ];
}

const WRITE_FLAGS = /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/;
/** Character devices a process may open for writing without storing anything. */
const DEVICES = /^"\/dev\/(null|tty|pts\/\d+|urandom|random|shm\/[^"]+)"/;
/**
 * espeak-ng links libpulse, whose client start-up makes sure the user's empty PulseAudio
 * configuration directory exists (even with --stdout; docs/deployment.md). It holds nothing of
 * a conversation, and exists after the first synthesis (EEXIST), or fails on a read-only HOME.
 */
const PULSE_CONFIG_DIR = /^mkdir\("[^"]*\/\.config\/pulse", 0700/;

const call = (line: string) => /^(?:\[pid\s+\d+\]\s+|\d+\s+)?(\w+)\((.*)$/.exec(line.trim());

/**
 * Whether `line` (strace output) is a change to the file system: a file opened for writing or
 * created, or any rename, link, removal or directory creation.
 */
export function changesFiles(line: string): boolean {
  const found = call(line);
  if (!found || !FILE_CHANGE_CALLS.includes(found[1])) return false;
  const [, name, args] = found;
  if (PULSE_CONFIG_DIR.test(`${name}(${args}`)) return false;
  if (name.startsWith('open')) {
    const path = args.replace(/^(AT_FDCWD|\d+),\s*/, '');
    return WRITE_FLAGS.test(args) && !DEVICES.test(path);
  }
  return true;
}

/** Whether `line` is a connection to another machine (loopback and local sockets are fine). */
export function connectsOut(line: string): boolean {
  const found = call(line);
  if (!found || found[1] !== 'connect') return false;
  const args = found[2];
  if (/AF_UNIX|AF_NETLINK/.test(args)) return false;
  const v4 = /inet_addr\("([\d.]+)"\)/.exec(args);
  if (v4) return !v4[1].startsWith('127.');
  const v6 = /inet_pton\(AF_INET6, "([^"]+)"/.exec(args);
  if (v6) return v6[1] !== '::1' && !v6[1].startsWith('::ffff:127.');
  return /AF_INET/.test(args);
}

export interface TraceAudit {
  /** Lines of the trace: a trace of a live service is never empty. */
  calls: number;
  fileChanges: string[];
  outsideConnections: string[];
}

export function auditTrace(trace: string): TraceAudit {
  const lines = trace.split('\n').filter((line) => line.trim() !== '');
  return {
    calls: lines.length,
    fileChanges: lines.filter(changesFiles),
    outsideConnections: lines.filter(connectsOut),
  };
}

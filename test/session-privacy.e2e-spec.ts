import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { dialogue, streamPcm } from './support/dialogue.js';
import { TestClient } from './support/ws-client.js';

/** System calls that create, open for writing, move or remove a file; and outgoing connections. */
const FILE_CHANGES = [
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
function changesFiles(line: string): boolean {
  const found = call(line);
  if (!found || !FILE_CHANGES.includes(found[1])) return false;
  const [, name, args] = found;
  if (PULSE_CONFIG_DIR.test(`${name}(${args}`)) return false;
  if (name.startsWith('open')) {
    const path = args.replace(/^(AT_FDCWD|\d+),\s*/, '');
    return WRITE_FLAGS.test(args) && !DEVICES.test(path);
  }
  return true;
}

/** Whether `line` is a connection to another machine (loopback and local sockets are fine). */
function connectsOut(line: string): boolean {
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

describe('Privacy: nothing of a session touches the disk or leaves the machine', () => {
  let server: BuiltServer;
  let nodePid: number | undefined;
  let dir: string;
  let traceFile: string;

  beforeAll(async () => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'privacy-'));
    traceFile = join(dir, 'trace.txt');
    // From the first instruction on: start-up (model loading) is watched too.
    const trace = [
      '-f',
      '-qq',
      '--seccomp-bpf',
      '-e',
      `trace=${[...FILE_CHANGES, 'connect'].join(',')}`,
    ];
    server = await startBuiltServer({ LOG_LEVEL: 'info' }, 60_000, [
      'strace',
      ...trace,
      '-o',
      traceFile,
    ]);
    nodePid = Number(
      execFileSync('pgrep', ['-P', String(server.child.pid), '-x', 'node'], {
        encoding: 'utf8',
      }).trim(),
    );
  }, 120_000);
  afterAll(async () => {
    if (nodePid) {
      try {
        process.kill(nodePid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('recognizes the calls that change files or connect out in strace output', () => {
    expect(
      changesFiles('[pid 12] openat(AT_FDCWD, "/tmp/x.wav", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3'),
    ).toBe(true);
    expect(changesFiles('4242  openat(AT_FDCWD, "/var/log/a", O_RDWR|O_APPEND) = 4')).toBe(true);
    expect(changesFiles('rename("/tmp/a", "/tmp/b") = 0')).toBe(true);
    expect(changesFiles('unlinkat(AT_FDCWD, "/tmp/a", 0) = 0')).toBe(true);
    expect(changesFiles('mkdir("/root/.cache/Microsoft", 0777) = 0')).toBe(true);
    expect(
      changesFiles('openat(AT_FDCWD, "/usr/share/espeak-ng-data/phontab", O_RDONLY) = 3'),
    ).toBe(false);
    expect(changesFiles('openat(AT_FDCWD, "/dev/null", O_WRONLY) = 3')).toBe(false);
    expect(changesFiles('mkdir("/root/.config/pulse", 0700) = -1 EEXIST (File exists)')).toBe(
      false,
    );
    expect(
      connectsOut(
        'connect(23, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.2")}, 16) = 0',
      ),
    ).toBe(true);
    expect(
      connectsOut(
        'connect(23, {sa_family=AF_INET, sin_port=htons(3000), sin_addr=inet_addr("127.0.0.1")}, 16) = 0',
      ),
    ).toBe(false);
    expect(
      connectsOut('connect(5, {sa_family=AF_UNIX, sun_path="/run/pulse/native"}, 110) = -1'),
    ).toBe(false);
  });

  it('opens no file for writing, creates, moves or removes none, and connects nowhere, from start-up through a whole session', async () => {
    const url = `${server.url.replace('http', 'ws')}/ws`;
    const client = await TestClient.open(url, { language_medic: 'es', language_patient: 'en' });
    const { samples } = dialogue(['01-fever-headache.wav', '05-breathe-slowly.wav']);
    await streamPcm(client, samples, 16000, { speedup: 8 });
    client.json({ type: 'text_input', text: 'El paciente es alérgico a la penicilina.' });
    client.json({ type: 'flag', flag_type: 'other', note: 'private note' });
    await client.count((m) => m.type === 'tts_audio' && m.branch === 'B', 3);
    client.json({ type: 'conversation_exit' });
    expect(await client.closed).toBe(1000);
    expect(client.ofType('conversation_archive')).toHaveLength(1);

    // The server stops (SIGTERM, as in production); strace ends with it.
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    process.kill(nodePid!, 'SIGTERM');
    await exited;
    nodePid = undefined;

    const lines = readFileSync(traceFile, 'utf8').split('\n');
    // The trace is live: the models were read at start-up, the voices during the session.
    expect(lines.some((line) => /open.*silero.*\.onnx/.test(line))).toBe(true);
    expect(lines.some((line) => /open.*espeak-ng-data/.test(line))).toBe(true);
    expect(lines.filter(changesFiles)).toEqual([]);
    expect(lines.filter(connectsOut)).toEqual([]);
    // Nor did any of it reach the logs.
    const logs = server.stdout() + server.stderr();
    for (const said of ['fever', 'penicilina', 'private note', 'breathe']) {
      expect(logs.toLowerCase()).not.toContain(said);
    }
  }, 120_000);
});

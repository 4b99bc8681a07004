import { type ChildProcess, spawn } from 'node:child_process';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { dialogue, streamPcm } from './support/dialogue.js';
import { TestClient } from './support/ws-client.js';

/** System calls that create, open for writing, move or remove a file. */
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
const DEVICES = /^"\/dev\/(null|tty|pts\/\d+|urandom|random)"/;

/**
 * espeak-ng links libpulse, whose client start-up makes sure the user's empty PulseAudio
 * configuration directory exists (even with --stdout; see docs/protocol.md). It holds nothing of
 * a conversation, and exists after the first synthesis.
 */
const PULSE_CONFIG_DIR = /^mkdir\("[^"]*\/\.config\/pulse", 0700/;

/**
 * Whether `line` (strace output) is a change to the file system: a file opened for writing or
 * created, or any rename, link, removal or directory creation.
 */
function changesFiles(line: string): boolean {
  const call = /^(?:\[pid\s+\d+\]\s+)?(\w+)\((.*)$/.exec(line.trim());
  if (!call || !FILE_CHANGES.includes(call[1])) return false;
  const [, name, args] = call;
  if (PULSE_CONFIG_DIR.test(`${name}(${args}`)) return false;
  if (name.startsWith('open')) {
    const path = args.replace(/^(AT_FDCWD|\d+),\s*/, '');
    return WRITE_FLAGS.test(args) && !DEVICES.test(path);
  }
  return true;
}

describe('Privacy: nothing of a session touches the disk', () => {
  let server: BuiltServer;
  let strace: ChildProcess;
  let trace = '';

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'info' });
  }, 120_000);
  afterAll(async () => {
    strace?.kill('SIGKILL');
    await server?.stop();
  });

  it('recognizes the calls that change files in strace output', () => {
    expect(
      changesFiles('[pid 12] openat(AT_FDCWD, "/tmp/x.wav", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3'),
    ).toBe(true);
    expect(changesFiles('openat(AT_FDCWD, "/var/log/a", O_RDWR|O_APPEND) = 4')).toBe(true);
    expect(changesFiles('rename("/tmp/a", "/tmp/b") = 0')).toBe(true);
    expect(changesFiles('unlinkat(AT_FDCWD, "/tmp/a", 0) = 0')).toBe(true);
    expect(
      changesFiles('openat(AT_FDCWD, "/usr/share/espeak-ng-data/phontab", O_RDONLY) = 3'),
    ).toBe(false);
    expect(changesFiles('openat(AT_FDCWD, "/dev/null", O_WRONLY) = 3')).toBe(false);
    expect(changesFiles('mkdir("/root/.config/pulse", 0700) = -1 EEXIST (File exists)')).toBe(
      false,
    );
  });

  it('opens no file for writing, creates, renames or removes none, across a whole session', async () => {
    // Attached to every thread of the running server and of every process it starts from now on.
    strace = spawn(
      'strace',
      ['-f', '-p', String(server.child.pid), '-e', `trace=${FILE_CHANGES.join(',')}`],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    strace.stderr!.setEncoding('utf8').on('data', (chunk: string) => (trace += chunk));
    await vi.waitFor(() => expect(trace).toMatch(/attached/), { timeout: 10_000 });

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

    const exited = new Promise((resolve) => strace.once('exit', resolve));
    strace.kill('SIGINT');
    await exited;

    const lines = trace.split('\n');
    // The trace is live: the synthesizer processes the session started opened their voice data.
    expect(lines.some((line) => /open.*espeak-ng-data/.test(line))).toBe(true);
    expect(lines.filter(changesFiles)).toEqual([]);
    // Nor did any of it reach the logs.
    const logs = server.stdout() + server.stderr();
    for (const said of ['fever', 'penicilina', 'private note', 'breathe']) {
      expect(logs.toLowerCase()).not.toContain(said);
    }
  }, 90_000);
});

import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../../../../test/support/wait-for.js';
import { DecoderForkServer, type DecoderProcess } from './decoder-fork-server.js';
import { parentPid } from '../../../../test/support/pocketsphinx.fixture.js';

/** A worker whose prepare() runs once in the server; each decoder echoes it and its own pid. */
const PREPARED_WORKER = String.raw`
import json, os, sys

def prepare(argv):
    return {"prepared_in": os.getpid(), "argv": argv}, {"ready": True, "ms": 1}

def serve(state):
    for line in sys.stdin:
        if line.strip() == "exit 3":
            return 3
        print(json.dumps(dict(state, me=os.getpid())), flush=True)
    return 0
`;

/** A stand-in without prepare(): each decoder runs it whole (the server only imports it). */
const WHOLE_SCRIPT = String.raw`
import json, os, sys
if __name__ == "__main__":
    print(json.dumps({"ready": True, "whole": os.getpid()}), flush=True)
    for line in sys.stdin:
        print(json.dumps({"echo": line.strip()}), flush=True)
`;

/** A server of `worker` (Python source), written to a new temporary directory. */
function serving(worker: string, args: string[] = []): DecoderForkServer {
  const dir = mkdtempSync(join(tmpdir(), 'fork-server-'));
  writeFileSync(join(dir, 'worker.py'), worker);
  return new DecoderForkServer({
    python: '/usr/bin/python3',
    script: join(dir, 'worker.py'),
    args,
  });
}

interface Opened {
  decoder: DecoderProcess;
  lines: Record<string, unknown>[];
  exit: Promise<{ code: number | null; signal: string | null }>;
}

describe('DecoderForkServer', () => {
  let server: DecoderForkServer | undefined;
  afterEach(() => server?.close());

  function open(): Opened {
    const lines: Record<string, unknown>[] = [];
    let buffered = '';
    let exited!: (status: { code: number | null; signal: string | null }) => void;
    const exit = new Promise<{ code: number | null; signal: string | null }>(
      (resolve) => (exited = resolve),
    );
    const decoder = server!.open({
      data: (chunk) => {
        buffered += chunk.toString('utf8');
        const parts = buffered.split('\n');
        buffered = parts.pop()!;
        for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>);
      },
      stderr: () => undefined,
      error: () => undefined,
      exit: (code, signal) => exited({ code, signal }),
    });
    return { decoder, lines, exit };
  }

  /** A decoder, once it has said its pid. */
  async function started(): Promise<Opened> {
    const opened = open();
    await waitFor(() => expect(opened.decoder.pid).toBeDefined());
    return opened;
  }

  it('prepares once and forks every decoder from it, each its own process under the server', async () => {
    server = serving(PREPARED_WORKER, ['model']);
    const decoders = [open(), open(), open()];
    await waitFor(() => expect(decoders.every((d) => d.lines.length === 1)).toBe(true));
    for (const { decoder } of decoders) decoder.write(Buffer.from('hello\n'));
    await waitFor(() => expect(decoders.every((d) => d.lines.length === 2)).toBe(true));
    const answers = decoders.map((d) => d.lines[1]);
    expect(answers.map((answer) => answer.prepared_in)).toEqual(Array(3).fill(server.pid));
    expect(answers.map((answer) => answer.argv)).toEqual(Array(3).fill(['model']));
    const pids = decoders.map((d) => d.decoder.pid!);
    expect(answers.map((answer) => answer.me)).toEqual(pids);
    expect(new Set(pids).size).toBe(3);
    for (const pid of pids) expect(parentPid(pid)).toBe(server.pid);
  });

  it('reports how each decoder ended: its code, SIGKILL when killed; the others go on', async () => {
    server = serving(PREPARED_WORKER);
    const [ending, killed, ended, going] = [open(), open(), open(), open()];
    await waitFor(() => expect(going.decoder.pid).toBeDefined());
    await waitFor(() => expect([ending, killed, ended].every((d) => d.decoder.pid)).toBe(true));
    ending.decoder.write(Buffer.from('exit 3\n'));
    killed.decoder.kill();
    ended.decoder.end();
    expect(await ending.exit).toEqual({ code: 3, signal: null });
    expect(await killed.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await ended.exit).toEqual({ code: 0, signal: null });
    going.decoder.write(Buffer.from('still\n'));
    await waitFor(() => expect(going.lines).toHaveLength(2));
  });

  it('ends its decoders when it is closed', async () => {
    server = serving(PREPARED_WORKER);
    const decoder = await started();
    const pid = decoder.decoder.pid!;
    await server.close();
    await decoder.exit;
    await waitFor(() => expect(() => process.kill(pid, 0)).toThrow());
    expect(server.pid).toBeUndefined();
  });

  it("refuses a connection from any process but its parent's", async () => {
    server = serving(PREPARED_WORKER);
    await started();
    const children = () =>
      spawnSync('ps', ['-o', 'pid=', '--ppid', String(server!.pid)], { encoding: 'utf8' })
        .stdout.trim()
        .split(/\s+/)
        .filter(Boolean).length;
    expect(children()).toBe(1);
    const stranger = spawnSync(
      '/usr/bin/python3',
      [
        '-c',
        'import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect("\\0"+sys.argv[1]); s.settimeout(5); print(repr(s.recv(100)))',
        server.socketName!,
      ],
      { encoding: 'utf8', timeout: 10_000 },
    );
    expect(stranger.stdout.trim()).toBe("b''"); // closed at once, nothing said
    expect(children()).toBe(1);
  });

  it('runs a stand-in without prepare() whole in each decoder', async () => {
    server = serving(WHOLE_SCRIPT);
    const decoder = open();
    await waitFor(() => expect(decoder.lines).toHaveLength(1));
    expect(decoder.lines[0]).toEqual({ ready: true, whole: decoder.decoder.pid });
    decoder.decoder.write(Buffer.from('hi\n'));
    await waitFor(() => expect(decoder.lines[1]).toEqual({ echo: 'hi' }));
  });

  it('gives each waiting decoder the reason the server could not start, and its exit code', async () => {
    server = new DecoderForkServer({
      python: '/usr/bin/python3',
      script: '/nonexistent/worker.py',
      args: [],
    });
    let stderr = '';
    const exit = new Promise<{ code: number | null }>((resolve) =>
      server!.open({
        data: () => undefined,
        stderr: (chunk) => (stderr += chunk.toString()),
        error: () => undefined,
        exit: (code) => resolve({ code }),
      }),
    );
    expect(await exit).toEqual({ code: 2 });
    expect(stderr).toMatch(/can't open file '\/nonexistent\/worker\.py'/);
  });
});

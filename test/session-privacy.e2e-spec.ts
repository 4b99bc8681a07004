import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuiltServer, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { dialogue, streamPcm } from './support/dialogue.js';
import { auditTrace, straceArguments } from '../tools/privacy-audit/strace-audit.js';
import { findSaidInLogs } from '../tools/privacy-audit/log-audit.js';
import { TestClient } from './support/ws-client.js';

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
    server = await startBuiltServer(
      { LOG_LEVEL: 'info' },
      { readyTimeoutMs: 60_000, wrapper: ['strace', ...straceArguments(traceFile)] },
    );
    nodePid = server.pid;
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

    const trace = readFileSync(traceFile, 'utf8');
    // The trace is live: the models were read at start-up, the voices during the session.
    expect(trace).toMatch(/open.*silero.*\.onnx/);
    expect(trace).toMatch(/open.*espeak-ng-data/);
    const audit = auditTrace(trace);
    expect(audit.fileChanges).toEqual([]);
    expect(audit.outsideConnections).toEqual([]);
    // Nor did any of it reach the logs (the words of the recognized and typed sentences, the note).
    const said = [
      'The patient has a fever and a headache.',
      'Please breathe in slowly and hold your breath.',
      'El paciente es alérgico a la penicilina.',
      'private note',
    ];
    expect(findSaidInLogs(server.stdout() + server.stderr(), said)).toEqual([]);
  }, 120_000);
});

/**
 * PocketsphinxEngine's decoder processes: stopped with what waits on them, started ahead for
 * live sentences, writing nothing beside their script, and what it answers when they cannot
 * start (pocketsphinx.engine.spec.ts: what they recognize, and their pool).
 */
import { describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EngineUnavailableError } from '../../../common/errors/engine.errors.js';
import { PocketsphinxEngine } from './pocketsphinx.engine.js';
import {
  engineFailure as failure,
  exited,
  fakeDecoderEngine,
  fakeDecoderScript,
  transcribeSegment as transcribe,
} from '../../../../test/support/pocketsphinx.fixture.js';
import { samplesOf, whiteNoise } from '../../../../test/support/recognizer-test-audio.js';
import { waitFor } from '../../../../test/support/wait-for.js';

/** A clinical model directory whose model.json asks for `decoder` settings (checked before the rest is read). */
function clinicalModelWith(decoder: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinical-asr-'));
  writeFileSync(
    join(dir, 'model.json'),
    JSON.stringify({ lm: 'clinical.lm.bin', dict: 'clinical.dict', weight: 0.05, decoder }),
  );
  return dir;
}

const PYTHON_WITHOUT_BINDING = ['python3', 'python']
  .map((name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim())
  .find(
    (path) =>
      path &&
      spawnSync(path, ['-c', 'import json']).status === 0 &&
      spawnSync(path, ['-I', '-c', 'import pocketsphinx']).status !== 0,
  );

describe('PocketsphinxEngine decoders', () => {
  it('fails what waits and stops its decoders on shutdown', async () => {
    const engine = new PocketsphinxEngine({ poolSize: 1, timeoutMs: 30_000 });
    await engine.onModuleInit();
    const [pid] = engine.workerPids();
    const errors = Promise.all([
      failure(transcribe(engine, whiteNoise(20, 0.2))),
      failure(transcribe(engine, samplesOf(1))),
    ]);
    // The first is on the decoder, the second waits for it.
    await waitFor(() => expect(engine.busyDecoders).toBe(1), { timeout: 5_000 });
    const decoding = (engine as unknown as { slots: { worker: { kill(): void } }[] }).slots[0]
      .worker;
    const kill = jest.spyOn(decoding, 'kill');
    const closing = engine.close();
    // Killed at once: not waited for (20 s of noise), nor left to the stop's 1 s grace period.
    expect(kill).toHaveBeenCalledTimes(1);
    await closing;
    for (const error of await errors) {
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('was shut down.');
    }
    await exited(pid);
    expect((await failure(transcribe(engine, samplesOf(1)))).message).toBe('was shut down.');
  }, 60_000);

  it('writes nothing beside its worker script: no compiled bytecode (as the privacy test wants)', async () => {
    const engine = fakeDecoderEngine(fakeDecoderScript('    pass'));
    await engine.onModuleInit();
    try {
      expect(engine.workerPids()).toHaveLength(2);
      const { script } = (engine as unknown as { command: { script: string } }).command;
      const dir = dirname(script);
      expect(readdirSync(dir).sort()).toEqual(['fake.py']);
    } finally {
      await engine.close();
    }
  });

  it('starts live decoders one ahead of the sentences that take them, up to liveDecoders', async () => {
    const engine = fakeDecoderEngine(fakeDecoderScript('    pass'), { liveDecoders: 3 });
    await engine.onModuleInit();
    try {
      expect(engine.workerPids('whole')).toHaveLength(1);
      expect(engine.workerPids('live')).toHaveLength(1); // an idle server holds one
      const first = engine.openStream(['en-US'])!;
      await waitFor(() => expect(engine.freeLiveDecoders()).toBe(1)); // the next one, started
      const second = engine.openStream(['en-US'])!;
      await waitFor(() => expect(engine.freeLiveDecoders()).toBe(1));
      const third = engine.openStream(['en-US'])!;
      expect(engine.workerPids('live')).toHaveLength(3);
      expect(engine.openStream(['en-US'])).toBeUndefined(); // all three held: decoded whole
      for (const stream of [first, second, third]) stream.cancel();
      await waitFor(() => expect(engine.freeLiveDecoders()).toBe(3)); // started ones stay
    } finally {
      await engine.close();
    }
  });

  describe('when the decoders cannot start', () => {
    it.each([
      [
        'a missing interpreter',
        { python: '/nonexistent/python3' },
        'could not start a decoder (could not be started (/nonexistent/python3: ENOENT)).',
      ],
      [
        'a missing model',
        { modelDir: '/nonexistent/model' },
        'could not start a decoder (exited with code 2: the model file /nonexistent/model/en-us is missing).',
      ],
      [
        'a missing worker script',
        { script: '/nonexistent/worker.py' },
        /^could not start a decoder \(exited with code 2: .*can't open file '\/nonexistent\/worker\.py'/,
      ],
      [
        'a clinical model asking for a setting the decoder lacks',
        { clinicalDir: clinicalModelWith({ int: { '-maxhmmpf': 4000, '-no-such-setting': 1 } }) },
        'could not start a decoder (exited with code 2: cannot load the model (ValueError: the decoder has no int setting -no-such-setting)).',
      ],
    ])(
      'starts anyway, then answers 503 naming the cause with %s',
      async (_what, options, message) => {
        const engine = new PocketsphinxEngine({
          poolSize: 2,
          timeoutMs: 30_000,
          restartDelayMs: 60_000,
          ...options,
        });
        await engine.onModuleInit();
        try {
          expect(engine.workerPids()).toEqual([]);
          const error = await failure(transcribe(engine, samplesOf(1)));
          expect(error).toBeInstanceOf(EngineUnavailableError);
          expect(error.message).toMatch(message);
          expect(error.hint).toContain('npm run setup');
          await expect(engine.probe()).rejects.toBeInstanceOf(EngineUnavailableError);
        } finally {
          await engine.close();
        }
      },
    );

    // The pyenv python3 first on PATH here has no pocketsphinx module; Debian's /usr/bin/python3 has.
    (!PYTHON_WITHOUT_BINDING ? it.skip : it)(
      'names the missing module when the interpreter lacks the binding',
      async () => {
        const engine = new PocketsphinxEngine({
          poolSize: 1,
          timeoutMs: 30_000,
          restartDelayMs: 60_000,
          python: PYTHON_WITHOUT_BINDING!,
        });
        await engine.onModuleInit();
        try {
          const error = await failure(transcribe(engine, samplesOf(1)));
          expect(error.message).toBe(
            "could not start a decoder (exited with code 2: cannot import pocketsphinx (No module named 'pocketsphinx')).",
          );
        } finally {
          await engine.close();
        }
      },
    );

    it('starts a failed decoder again after a delay', async () => {
      const engine = new PocketsphinxEngine({
        poolSize: 1,
        timeoutMs: 30_000,
        restartDelayMs: 50,
        modelDir: '/nonexistent/model',
      });
      await engine.onModuleInit();
      let attempts = 0;
      const spawned = jest.spyOn(engine as unknown as { spawn(): unknown }, 'spawn');
      await waitFor(() => {
        attempts = spawned.mock.calls.length;
        expect(attempts).toBeGreaterThanOrEqual(2);
      });
      await engine.close();
    });
  });
});

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import {
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../../common/errors/engine.errors.js';
import { waitFor } from '../../../../test/support/wait-for.js';
import { PARTIAL_INTERVAL_MS } from './pocketsphinx-stream.js';
import { speakInto } from '../../../../test/support/speak-into.js';
import { encodeRequest, PocketsphinxWorker } from './pocketsphinx-worker.js';
import { WORKER_SCRIPT } from './pocketsphinx-options.js';
import { DecoderForkServer } from './decoder-fork-server.js';
import { PocketsphinxEngine } from './pocketsphinx.engine.js';
import {
  fakeDecoderEngine,
  fakeDecoderScript,
  signal,
  startLiveEngine,
  streamSentence,
} from '../../../../test/support/pocketsphinx.fixture.js';
import { HAS_SPEECH_FIXTURES, speechFixture } from '../../../../test/support/speech-fixtures.js';

// Tests of real decoder processes may take 60 s: a few seconds on this kind of machine on a fast
// day, up to 20 s on a slow one (2026-11-29, page faults several times dearer), where limits of
// 15–20 s failed a test and then, its decoder still held, the ones after it.

// Sentences decoded while they are spoken, through real decoders (and a fake one for stderr).

async function failure(promise: Promise<unknown>): Promise<EngineUnavailableError> {
  try {
    await promise;
  } catch (error) {
    return error as EngineUnavailableError;
  }
  throw new Error('expected a rejection');
}

(HAS_SPEECH_FIXTURES ? describe : describe.skip)('PocketsphinxEngine.openStream', () => {
  const clock = { now: 0 };
  let engine: PocketsphinxEngine;
  const sentence = () => speechFixture('01-fever-headache.wav');

  beforeAll(async () => {
    engine = await startLiveEngine(clock);
  }, 60_000);

  afterAll(() => engine.close());

  it('gives the text of the whole decode for a sentence pushed in 20 ms chunks', async () => {
    const samples = sentence();
    const whole = await engine.transcribe({ samples, localeHints: ['en-US'] }, signal());
    const stream = engine.openStream(['en-US'])!;
    await speakInto(stream, samples);
    const streamed = await stream.finish(signal());
    expect(whole.text).toBe('the patient has a fever and headache');
    expect(streamed.text).toBe(whole.text);
    expect(streamed.locale).toBe('en-US');
    expect(Math.abs(streamed.confidence! - whole.confidence!)).toBeLessThan(0.1);
    expect(engine.freeLiveDecoders()).toBe(1);
  }, 60_000);

  it('tells the words so far, non-empty and changed, at most once per 250 ms of speech', async () => {
    const samples = sentence();
    const partials: string[] = [];
    const stream = engine.openStream(['en-US'], (text) => partials.push(text))!;
    const ask = jest.spyOn(
      (engine as unknown as { slots: { worker: { pushForPartial(): unknown } }[] }).slots[1].worker,
      'pushForPartial',
    );
    clock.now = 0;
    // Each partial answered before the next chunk, as a decoder that keeps up with speech does.
    const lastAnswer = () => Promise.resolve(ask.mock.results.at(-1)?.value).catch(() => undefined);
    await speakInto(stream, samples, clock, lastAnswer);
    const { text } = await stream.finish(signal());
    const spokenMs = (samples.length / 16_000) * 1000;
    expect(ask.mock.calls.length).toBeLessThanOrEqual(Math.floor(spokenMs / PARTIAL_INTERVAL_MS));
    expect(partials.length).toBeGreaterThanOrEqual(3);
    for (const [i, partial] of partials.entries()) {
      expect(partial.trim()).not.toBe('');
      if (i > 0) expect(partial).not.toBe(partials[i - 1]);
      expect(partial).not.toMatch(/<|\[|\(\d\)/); // no fillers, no pronunciation variants
    }
    expect(partials.at(-1)!.split(' ')[0]).toBe(text.split(' ')[0]);
    ask.mockRestore();
  }, 60_000);

  it('decodes a sentence the same whatever the decoder heard before, another sentence or noise', async () => {
    const samples = speechFixture('05-breathe-slowly.wav');
    const decode = async (before?: Float32Array) => {
      if (before) {
        await streamSentence(engine, before);
      }
      return streamSentence(engine, samples);
    };
    const first = await decode();
    const noise = new Float32Array(48_000).map((_, i) => Math.sin(i * 12.9898) * 0.6);
    expect(await decode(noise)).toEqual(first);
    expect(await decode(speechFixture('03-allergies.wav'))).toEqual(first);
  }, 60_000);

  it('has no decoder to lend while its only live one is held, and whole segments still decode', async () => {
    const held = engine.openStream(['en-US'])!;
    expect(engine.openStream(['en-US'])).toBeUndefined();
    const whole = await engine.transcribe(
      { samples: sentence(), localeHints: ['en-US'] },
      signal(),
    );
    expect(whole.text).toBe('the patient has a fever and headache');
    held.cancel();
    expect(engine.openStream(['en-US'])?.cancel()).toBeUndefined();
  }, 60_000);

  it('frees the decoder on cancel, without a restart nor a trace in the next sentence', async () => {
    const [pid] = engine.workerPids('live');
    const dropped = engine.openStream(['en-US'])!;
    await speakInto(dropped, speechFixture('02-two-tablets.wav'));
    dropped.cancel();
    expect(engine.freeLiveDecoders()).toBe(1);
    const next = engine.openStream(['en-US'])!;
    await speakInto(next, sentence());
    expect((await next.finish(signal())).text).toBe('the patient has a fever and headache');
    expect(engine.workerPids('live')).toEqual([pid]);
    await expect(dropped.finish(signal())).rejects.toBeInstanceOf(EngineUnavailableError);
  }, 60_000);

  it('fails the sentence of a decoder that dies mid-stream, then lends a new one', async () => {
    const [victim] = engine.workerPids('live');
    const stream = engine.openStream(['en-US'])!;
    await speakInto(stream, sentence().subarray(0, 16_000));
    process.kill(victim, 'SIGKILL');
    await waitFor(() => expect(engine.workerPids('live')).not.toContain(victim), {
      timeout: 5_000,
    });
    stream.push(sentence()); // ignored: the decoder is gone
    const error = await failure(stream.finish(signal()));
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect(error.message).toBe('a decoder was killed (SIGKILL) while transcribing.');
    await engine.ready();
    const next = engine.openStream(['en-US'])!;
    await speakInto(next, sentence());
    expect((await next.finish(signal())).text).toBe('the patient has a fever and headache');
  }, 60_000);

  it('kills the decoder when the deadline passes while it ends the sentence', async () => {
    await engine.ready();
    const [before] = engine.workerPids('live');
    const stream = engine.openStream(['en-US'])!;
    // 30 s of speech written at once: the decoder is still at it when the deadline comes.
    const long = new Float32Array(30 * 16_000);
    for (let at = 0; at + 42_000 <= long.length; at += 42_000)
      long.set(sentence().subarray(0, 42_000), at);
    stream.push(long);
    const error = await failure(stream.finish(AbortSignal.timeout(50)));
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error.message).toBe('did not answer within 30000 ms.');
    await waitFor(() => expect(engine.workerPids('live')).not.toContain(before), {
      timeout: 5_000,
    });
    await engine.ready();
    expect(engine.freeLiveDecoders()).toBe(1);
    const aborted = engine.openStream(['en-US'])!;
    const cancelled = await failure(aborted.finish(AbortSignal.abort()));
    expect(cancelled).toBeInstanceOf(EngineTimeoutError);
    await engine.ready();
  }, 60_000);
});

(HAS_SPEECH_FIXTURES ? describe : describe.skip)('pocketsphinx_worker.py', () => {
  it('decodes a whole sentence the same before and after a stream (sphinxbase goes live for good)', async () => {
    const server = new DecoderForkServer({
      python: '/usr/bin/python3',
      script: WORKER_SCRIPT,
      args: ['/usr/share/pocketsphinx/model/en-us'],
    });
    const worker = new PocketsphinxWorker(server, 30_000, () => undefined);
    try {
      await worker.ready;
      expect(worker.canStream).toBe(true);
      const samples = speechFixture('05-breathe-slowly.wav');
      const before = await worker.decode(encodeRequest(samples));
      worker.startStream();
      worker.push(new Float32Array(48_000).map((_, i) => Math.sin(i * 12.9898) * 0.6));
      await worker.endStream();
      const after = await worker.decode(encodeRequest(samples));
      expect({ ...after, ms: 0 }).toEqual({ ...before, ms: 0 });
    } finally {
      await worker.stop(1_000);
      await server.close();
    }
  }, 60_000);
});

describe('PocketsphinxEngine.openStream with a fake decoder', () => {
  /** Speaks the protocol, writing what it hears to stderr, which must stay unread. */
  const FAKE = fakeDecoderScript(
    String.raw`
    sys.stderr.write("SECRET patient words %s\n" % op.decode())
    sys.stderr.flush()
    if op == b"P":
        print(json.dumps({"partial": "SECRET so far", "ms": 0}), flush=True)
    elif op in (b"E", b"D"):
        print(json.dumps({"text": "SECRET words", "confidence": 0.9, "ms": 0}), flush=True)
`,
    '',
    '"--no-stream" not in sys.argv[1]',
  );
  it('never logs what the decoder writes to stderr', async () => {
    const logged: string[] = [];
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      jest
        .spyOn(Logger.prototype, level)
        .mockImplementation((message: unknown) => void logged.push(String(message)));
    }
    const clock = { now: 0 };
    const engine = fakeDecoderEngine(FAKE, { now: () => clock.now });
    try {
      await engine.onModuleInit();
      const partials: string[] = [];
      const stream = engine.openStream(['en-US'], (text) => partials.push(text))!;
      await speakInto(stream, new Float32Array(16_000), clock);
      expect(await stream.finish(signal())).toEqual({
        text: 'SECRET words',
        locale: 'en-US',
        confidence: 0.9,
      });
      expect(partials).toEqual(['SECRET so far']); // the same words again are not repeated
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged.join('\n')).not.toContain('SECRET');
    } finally {
      await engine.close();
      jest.restoreAllMocks();
    }
  });

  it('lends no decoder that cannot stream, so sentences are decoded whole', async () => {
    const engine = fakeDecoderEngine(FAKE, { modelDir: (dir) => join(dir, '--no-stream') });
    try {
      await engine.onModuleInit();
      expect(engine.workerPids('live')).toHaveLength(1);
      expect(engine.openStream(['en-US'])).toBeUndefined();
    } finally {
      await engine.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AsrChannel } from '../asr-engine.js';
import { CEPSTRUM_SIZE, cepstralMeanOf, channelMean, channelWithMean } from './cepstral-mean.js';
import { encodeStreamStart } from './pocketsphinx-worker.js';
import { PocketsphinxEngine } from './pocketsphinx.engine.js';
import {
  fakeDecoderEngine,
  fakeDecoderScript,
  signal,
  startLiveEngine,
  streamSentence,
} from '../../../../test/support/pocketsphinx.fixture.js';
import { HAS_SPEECH_FIXTURES, speechFixture } from '../../../../test/support/speech-fixtures.js';
import { speakInto } from '../../../../test/support/speak-into.js';

// A session's channel (its cepstral mean) carried from one streamed sentence to the next, and
// never from one session to another.

describe('cepstral mean', () => {
  it('takes only CEPSTRUM_SIZE finite numbers', () => {
    const mean = Array.from({ length: CEPSTRUM_SIZE }, (_, i) => i / 4);
    expect(cepstralMeanOf(mean)).toEqual(mean);
    expect(cepstralMeanOf(mean.slice(1))).toBeUndefined();
    expect(cepstralMeanOf([...mean.slice(1), Number.NaN])).toBeUndefined();
    expect(cepstralMeanOf([...mean.slice(1), 1e39])).toBeUndefined(); // not a float32
    expect(cepstralMeanOf(mean.map(String))).toBeUndefined();
    expect(cepstralMeanOf(undefined)).toBeUndefined();
  });

  it('starts a stream with the mean as float32, or with nothing', () => {
    const mean = Array.from({ length: CEPSTRUM_SIZE }, (_, i) => i - 6.5);
    const request = encodeStreamStart(mean);
    expect(request.toString('latin1', 0, 1)).toBe('S');
    expect(request.readUInt32LE(1)).toBe(CEPSTRUM_SIZE * 4);
    expect(request.readFloatLE(5 + 4 * 12)).toBe(5.5);
    expect(encodeStreamStart(undefined)).toEqual(Buffer.from([0x53, 0, 0, 0, 0]));
    expect(encodeStreamStart([1, 2])).toEqual(Buffer.from([0x53, 0, 0, 0, 0]));
  });
});

(HAS_SPEECH_FIXTURES ? describe : describe.skip)('a session channel on a real decoder', () => {
  const clock = { now: 0 };
  let engine: PocketsphinxEngine;

  beforeAll(async () => {
    engine = await startLiveEngine(clock);
  }, 30_000);

  afterAll(() => engine.close());

  const streamed = (samples: Float32Array, channel?: AsrChannel) =>
    streamSentence(engine, samples, clock, channel);

  it("tells its decoders' CPU in usage(), read from their processes (the benchmarks' figure)", async () => {
    const before = engine.usage().cpuSeconds;
    await streamed(speechFixture('03-allergies.wav'));
    expect(engine.usage().cpuSeconds).toBeGreaterThan(before);
  });

  it("stores each sentence's mean, and the next sentence starts from it", async () => {
    const session: AsrChannel = {};
    await streamed(speechFixture('03-allergies.wav'), session);
    const first = channelMean(session)!;
    expect(cepstralMeanOf(first)).toEqual(first);

    const fresh = await streamed(speechFixture('05-breathe-slowly.wav'));
    const carried = await streamed(speechFixture('05-breathe-slowly.wav'), session);
    expect(carried).not.toEqual(fresh); // started from the first sentence's mean
    expect(channelMean(session)).not.toEqual(first); // moved with the second sentence

    // From the same mean, the same result, whatever the decoder heard in between.
    await streamed(new Float32Array(48_000).map((_, i) => Math.sin(i * 12.9898) * 0.6));
    expect(await streamed(speechFixture('05-breathe-slowly.wav'), channelWithMean(first))).toEqual(
      carried,
    );
  }, 30_000);

  it("never lets one session's channel reach another's sentences", async () => {
    const fresh = await streamed(speechFixture('05-breathe-slowly.wav'));
    const a: AsrChannel = {};
    const b: AsrChannel = {};
    await streamed(speechFixture('01-fever-headache.wav'), a);
    const meanA = channelMean(a);
    // B's first sentence, on the decoder A just used, is decoded as if nothing came before.
    expect(await streamed(speechFixture('05-breathe-slowly.wav'), b)).toEqual(fresh);
    expect(channelMean(a)).toBe(meanA);
    expect(channelMean(b)).not.toEqual(meanA);
  }, 30_000);

  it('decodes as a fresh stream when the decoder is sent a mean that is not finite or not 13 floats', async () => {
    const fresh = await streamed(speechFixture('05-breathe-slowly.wav'));
    const worker = (
      engine as unknown as {
        slots: {
          worker: { startStream(): void; state: string; child: { write(bytes: Buffer): void } };
        }[];
      }
    ).slots[1].worker;
    for (const floats of [
      [Number.NaN, ...new Array<number>(12).fill(0)],
      new Array<number>(12).fill(1),
    ]) {
      // Past the engine's own check, straight to the decoder.
      const start = jest.spyOn(worker, 'startStream').mockImplementation(() => {
        const request = Buffer.alloc(5 + 4 * floats.length);
        request.write('S', 0, 'latin1');
        request.writeUInt32LE(4 * floats.length, 1);
        floats.forEach((value, i) => request.writeFloatLE(value, 5 + 4 * i));
        worker.state = 'streaming';
        worker.child.write(request);
      });
      expect(await streamed(speechFixture('05-breathe-slowly.wav'))).toEqual(fresh);
      start.mockRestore();
    }
  }, 30_000);

  it('gives partials from the first second when the mean is carried', async () => {
    const session: AsrChannel = {};
    await streamed(speechFixture('03-allergies.wav'), session);
    const samples = speechFixture('01-fever-headache.wav');
    let firstPartialAt: number | undefined;
    const stream = engine.openStream(['en-US'], () => (firstPartialAt ??= clock.now), session)!;
    const ask = jest.spyOn(
      (engine as unknown as { slots: { worker: { pushForPartial(): unknown } }[] }).slots[1].worker,
      'pushForPartial',
    );
    const openedAt = clock.now;
    // Each partial answered before the next chunk: the simulated clock measures the decoder's
    // hearing, not how slowly other test workers let it run.
    const lastAnswer = () => Promise.resolve(ask.mock.results.at(-1)?.value).catch(() => undefined);
    await speakInto(stream, samples, clock, lastAnswer);
    ask.mockRestore();
    await stream.finish(signal());
    expect(firstPartialAt! - openedAt).toBeLessThanOrEqual(1000);
  }, 30_000);
});

describe('a session channel with a fake decoder', () => {
  /** Answers each stream's end with the size of its S request and the next of MEANS. */
  const FAKE = fakeDecoderScript(
    String.raw`
    if op == b"S":
        started = size if size != 52 else struct.unpack("<13f", payload)[12]
    elif op == b"P":
        print(json.dumps({"partial": "", "ms": 0}), flush=True)
    elif op in (b"E", b"D"):
        answer = {"text": "carried %s" % started, "confidence": 0.9, "ms": 0}
        if op == b"E" and MEANS[ends % len(MEANS)] is not None:
            answer["mean"] = MEANS[ends % len(MEANS)]
        ends += 1
        print(json.dumps(answer), flush=True)
`,
    String.raw`
GOOD = [0.5 * i - 3 for i in range(13)]
MEANS = [GOOD, [1.0, 2.0], ["x"] * 13, None, GOOD]
started = ends = 0
`,
  );
  it('keeps the last good mean and ignores a bad one from the decoder', async () => {
    const engine = fakeDecoderEngine(FAKE);
    const good = Array.from({ length: 13 }, (_, i) => 0.5 * i - 3);
    const sentence = async (channel: AsrChannel) => {
      const stream = engine.openStream(['en-US'], undefined, channel)!;
      stream.push(new Float32Array(3200));
      return (await stream.finish(signal())).text;
    };
    try {
      await engine.onModuleInit();
      const session: AsrChannel = {};
      expect(await sentence(session)).toBe('carried 0'); // nothing to carry yet
      expect(channelMean(session)).toEqual(good);
      expect(await sentence(session)).toBe('carried 3.0'); // the last coefficient, 0.5 * 12 - 3
      expect(channelMean(session)).toEqual(good); // [1, 2] ignored
      expect(await sentence(session)).toBe('carried 3.0');
      expect(channelMean(session)).toEqual(good); // strings ignored
      expect(await sentence(session)).toBe('carried 3.0');
      expect(channelMean(session)).toEqual(good); // no mean: kept
      expect(await sentence({})).toBe('carried 0'); // another session starts with nothing
    } finally {
      await engine.close();
    }
  });
});

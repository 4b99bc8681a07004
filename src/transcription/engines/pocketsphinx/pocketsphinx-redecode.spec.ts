import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AsrChannel } from '../asr-engine.js';
import { channelMean, channelWithMean } from './cepstral-mean.js';
import { LOW_CONFIDENCE } from './pocketsphinx-confidence.js';
import { WORKER_SCRIPT } from './pocketsphinx-options.js';
import { encodeStreamEnd } from './pocketsphinx-worker.js';
import { PocketsphinxEngine } from './pocketsphinx.engine.js';
import {
  fakeDecoderEngine,
  fakeDecoderScript,
  signal,
  startLiveEngine,
  streamSentence,
} from '../../../../test/support/pocketsphinx.fixture.js';
import { HAS_SPEECH_FIXTURES, speechFixture } from '../../../../test/support/speech-fixtures.js';

// A streamed sentence the live decode is doubtful of is decoded again whole at its end, and the
// more confident of the two answers is kept (docs/speech.md, "A second decode").

describe('the end of a stream', () => {
  it('carries the threshold of a second decode as one float32, or nothing', () => {
    const request = encodeStreamEnd(0.49);
    expect(request.toString('latin1', 0, 1)).toBe('E');
    expect(request.readUInt32LE(1)).toBe(4);
    expect(request.readFloatLE(5)).toBeCloseTo(0.49, 6);
    expect(encodeStreamEnd()).toEqual(Buffer.from([0x45, 0, 0, 0, 0]));
    expect(encodeStreamEnd(Number.NaN)).toEqual(Buffer.from([0x45, 0, 0, 0, 0]));
  });
});

describe("the worker's Stream with a stand-in decoder", () => {
  /**
   * Runs pocketsphinx_worker.Stream on a stand-in decoder whose live pass hears "live words"
   * (posterior 0.3) and whose whole decode hears "whole words" (0.8) or, with `fail`, raises.
   */
  const end = (redecodeBelow: string, fail = false): unknown => {
    const script = String.raw`
import json, sys
sys.path.insert(0, sys.argv[1])
import pocketsphinx_worker as w
class Segment:
    def __init__(self, word, prob): self.word, self.prob = word, prob
class Hyp:
    hypstr = ""
class Logmath:
    def exp(self, value): return value
class Decoder:
    streams = 0
    def start_stream(self):
        self.streams += 1
        if self.streams > 1 and ${fail ? 'True' : 'False'}:
            raise MemoryError()
    def start_utt(self): pass
    def process_raw(self, pcm, no_search, full_utt): pass
    def end_utt(self): pass
    def hyp(self): return Hyp()
    def get_logmath(self): return Logmath()
    def seg(self):
        words, prob = ("live", 0.3) if self.streams == 1 else ("whole", 0.8)
        return [Segment(words, prob), Segment("words", prob)]
class Cmn:
    def reset(self): pass
    def whole(self): pass
    def carry(self, carried): return True
    def current(self): return [0.0] * 13
stream = w.Stream(Decoder(), Cmn())
stream.start(b"")
stream.feed(bytes(3200))
print(json.dumps(stream.end(${redecodeBelow})))
`;
    const run = spawnSync('/usr/bin/python3', ['-I', '-B', '-c', script, dirname(WORKER_SCRIPT)], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as unknown;
  };

  it('answers the more confident of the live and the whole decode, and keeps the live one if the second fails', () => {
    expect(end('None')).toMatchObject({ text: 'live words', confidence: 0.3 });
    expect(end('0.2')).toMatchObject({ text: 'live words', confidence: 0.3 });
    expect(end('0.49')).toMatchObject({ text: 'whole words', confidence: 0.8 });
    expect(end('0.49', true)).toMatchObject({ text: 'live words', confidence: 0.3 });
  });
});

describe('the threshold sent to the decoder', () => {
  /** Answers each stream's end with the threshold it was sent, or "none". */
  const FAKE = fakeDecoderScript(String.raw`
    if op == b"P":
        print(json.dumps({"partial": "", "ms": 0}), flush=True)
    elif op in (b"E", b"D"):
        told = "%.2f" % struct.unpack("<f", payload)[0] if op == b"E" and size == 4 else "none"
        print(json.dumps({"text": "below " + told, "confidence": 0.9, "ms": 0}), flush=True)
`);
  const sentence = async (engine: PocketsphinxEngine) => {
    await engine.onModuleInit();
    try {
      const stream = engine.openStream(['en-US'])!;
      stream.push(new Float32Array(3200));
      return (await stream.finish(signal())).text;
    } finally {
      await engine.close();
    }
  };

  it('is LOW_CONFIDENCE by default, another when told, and none when switched off', async () => {
    expect(await sentence(fakeDecoderEngine(FAKE))).toBe(`below ${LOW_CONFIDENCE.toFixed(2)}`);
    expect(await sentence(fakeDecoderEngine(FAKE, { redecodeBelow: 0.7 }))).toBe('below 0.70');
    expect(await sentence(fakeDecoderEngine(FAKE, { redecodeBelow: null }))).toBe('below none');
  });
});

(HAS_SPEECH_FIXTURES ? describe : describe.skip)('a second decode on a real decoder', () => {
  const clock = { now: 0 };
  let engine: PocketsphinxEngine;
  let liveOnly: PocketsphinxEngine;

  beforeAll(async () => {
    [engine, liveOnly] = await Promise.all([startLiveEngine(clock), startLiveEngine(clock, null)]);
  }, 30_000);

  afterAll(() => Promise.all([engine.close(), liveOnly.close()]));

  const streamed = (on: PocketsphinxEngine, samples: Float32Array, channel: AsrChannel) =>
    streamSentence(on, samples, clock, channel);

  it('answers as a whole decode when a wrong carried mean leaves the live one doubtful, and carries the live mean', async () => {
    const session: AsrChannel = {};
    await streamed(engine, speechFixture('03-allergies.wav'), session);
    // The mean of another room and voice: every coefficient off.
    const wrong: AsrChannel = channelWithMean(channelMean(session)!.map((v) => v + 2));
    const samples = speechFixture('05-breathe-slowly.wav');
    const whole = await engine.transcribe({ samples, localeHints: ['en-US'] }, signal());

    const a = { ...wrong };
    const b = { ...wrong };
    const live = await streamed(liveOnly, samples, a);
    expect(live.confidence).toBeLessThan(LOW_CONFIDENCE);
    expect(whole.confidence).toBeGreaterThan(live.confidence!);
    expect(await streamed(engine, samples, b)).toEqual(whole);
    // The next sentence goes on from the session's running mean, not this sentence's own.
    expect(channelMean(b)).toEqual(channelMean(a));
  }, 30_000);

  it('keeps the live answer of a sentence it is sure of', async () => {
    const session: AsrChannel = {};
    await streamed(engine, speechFixture('03-allergies.wav'), session);
    const first = channelMean(session)!;
    const samples = speechFixture('01-fever-headache.wav');
    const a: AsrChannel = channelWithMean(first);
    const b: AsrChannel = channelWithMean(first);
    const live = await streamed(liveOnly, samples, a);
    expect(live.confidence).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    expect(await streamed(engine, samples, b)).toEqual(live);
  }, 30_000);
});

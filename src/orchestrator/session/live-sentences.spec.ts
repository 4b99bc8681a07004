import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Sentence } from '../../audio/vad/sentence.js';
import type {
  LiveRecognition,
  RecognitionChannel,
  Transcript,
} from '../../transcription/transcription.service.js';
import { LiveSentences } from './live-sentences.js';

const TRANSCRIPT: Transcript = {
  text: 'the patient has a fever',
  locale: 'en-US',
  languageDecided: true,
  confidence: 0.9,
  lowConfidence: false,
};

/** A recognition that records what it is given. */
class FakeRecognition implements LiveRecognition {
  pushed = 0;
  finished = 0;
  cancelled = 0;
  failPush = false;
  failPause = false;
  pauses = 0;
  /** The samples finish() was given (the whole sentence, for a fallback). */
  finishedWith?: Float32Array;
  constructor(
    readonly onPartial: (text: string) => void,
    readonly channel?: RecognitionChannel,
  ) {}
  push(samples: Float32Array): void {
    if (this.failPush) throw new Error('decoder gone');
    this.pushed += samples.length;
  }
  pause(): void {
    if (this.failPause) throw new Error('decoder gone');
    this.pauses++;
  }
  finish(samples: Float32Array): Promise<Transcript> {
    this.finishedWith = samples;
    this.finished++;
    return Promise.resolve(TRANSCRIPT);
  }
  atPause(): Promise<Transcript | undefined> {
    return Promise.resolve(TRANSCRIPT);
  }
  cancel(): void {
    this.cancelled++;
  }
}

function setup(decoders = 1) {
  let ids = 0;
  const open: FakeRecognition[] = [];
  const all: FakeRecognition[] = [];
  const partials: [string, string][] = [];
  const live = new LiveSentences({
    reserveId: () => `s${++ids}`,
    startRecognition: (onPartial, channel) => {
      if (open.length >= decoders) return undefined;
      const recognition = new FakeRecognition(onPartial, channel);
      open.push(recognition);
      all.push(recognition);
      return recognition;
    },
    partial: (id, text) => partials.push([id, text]),
  });
  const release = (r: FakeRecognition) => open.splice(open.indexOf(r), 1);
  return { live, all, open, partials, release };
}

const sentence = (): Sentence => ({
  samples: new Float32Array(10),
  startMs: 0,
  endMs: 1,
  speechStartMs: 0,
  speechEndMs: 1,
  end: 'silence',
});

describe('LiveSentences', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

  it('numbers a sentence at its onset, feeds it, finishes it at its end', async () => {
    const { live, all, partials } = setup();
    live.started(new Float32Array(5));
    live.samples(new Float32Array(3));
    all[0].onPartial('the patient');
    const s = sentence();
    live.ended(s);
    all[0].onPartial('the patient has'); // after the end of speech: not sent
    expect(all[0]).toMatchObject({ pushed: 8, finished: 1, cancelled: 0 });
    expect(partials).toEqual([['s1', 'the patient']]);
    const taken = live.take(s);
    expect(taken?.id).toBe('s1');
    expect(await taken?.transcript).toEqual({ ok: true, value: TRANSCRIPT });
    expect(live.take(s)).toBeUndefined();
  });

  it("finishes the sentence so far at each pause, and gives the sentence's samples at its end", async () => {
    const { live, all } = setup();
    live.started(new Float32Array(5));
    live.paused();
    live.samples(new Float32Array(3));
    live.paused();
    const s = sentence();
    live.ended(s);
    live.paused(); // between sentences: nothing to finish
    expect(all[0]).toMatchObject({ pushed: 8, pauses: 2, finished: 1, cancelled: 0 });
    expect(all[0].finishedWith).toBe(s.samples);
    expect(await live.take(s)?.transcript).toEqual({ ok: true, value: TRANSCRIPT });
  });

  it('falls back to whole decoding when the recognition fails at a pause', () => {
    const { live, all } = setup();
    live.started(new Float32Array(5));
    all[0].failPause = true;
    live.paused();
    live.samples(new Float32Array(3));
    const s = sentence();
    live.ended(s);
    expect(all[0]).toMatchObject({ pushed: 5, finished: 0, cancelled: 1 });
    expect(live.take(s)).toEqual({ id: 's1', transcript: undefined });
  });

  it('without a decoder free, still numbers the sentence, to be decoded whole', () => {
    const { live, all } = setup(0);
    live.started(new Float32Array(5));
    const s = sentence();
    live.ended(s);
    expect(all).toEqual([]);
    expect(live.take(s)).toEqual({ id: 's1', transcript: undefined });
  });

  it('falls back to whole decoding when the recognition fails while fed', () => {
    const { live, all, partials } = setup();
    live.started(new Float32Array(5));
    all[0].failPush = true;
    live.samples(new Float32Array(3));
    all[0].onPartial('the patient');
    const s = sentence();
    live.ended(s);
    expect(all[0]).toMatchObject({ finished: 0, cancelled: 1 });
    expect(partials).toEqual([]);
    expect(live.take(s)).toEqual({ id: 's1', transcript: undefined });
  });

  it('cancels the sentence in progress when dropped or closed; ids go on', () => {
    const { live, all } = setup(5);
    live.started(new Float32Array(5));
    live.dropped();
    live.started(new Float32Array(5));
    live.close();
    expect(all.map((r) => [r.finished, r.cancelled])).toEqual([
      [0, 1],
      [0, 1],
    ]);
    live.started(new Float32Array(5));
    const s = sentence();
    live.ended(s);
    expect(live.take(s)?.id).toBe('s3');
  });

  it("gives each sentence of a session the session's one channel, and each session its own", () => {
    const a = setup(9);
    const b = setup(9);
    for (const { live } of [a, b, a]) {
      live.started(new Float32Array(5));
      live.ended(sentence());
    }
    a.live.started(new Float32Array(5)); // a sentence begun as another is still being finished
    const [a1, a2, a3] = a.all;
    expect(a1.channel).toBeDefined();
    expect(a2.channel).toBe(a1.channel);
    expect(a3.channel).toBe(a1.channel);
    expect(b.all[0].channel).toBeDefined();
    expect(b.all[0].channel).not.toBe(a1.channel);
    expect(a1.channel).toEqual({}); // nothing in it until a recognizer fills it
  });

  it('a recognizer that throws when asked to start: decoded whole', () => {
    const live = new LiveSentences({
      reserveId: () => 's1',
      startRecognition: () => {
        throw new Error('bug');
      },
      partial: () => undefined,
    });
    live.started(new Float32Array(5));
    const s = sentence();
    live.ended(s);
    expect(live.take(s)).toEqual({ id: 's1', transcript: undefined });
  });
});

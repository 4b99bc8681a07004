import { describe, expect, it } from '@jest/globals';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import type { AsrStream, AsrTranscript } from '../engines/asr-engine.js';
import { joinedTranscript } from './joined-transcript.js';
import { PartedRecognition } from './parted-recognition.js';

/** A stream whose finish() answers when the test says (no clock: answers are awaited, not raced). */
class FakeStream implements AsrStream {
  readonly pushed: number[] = [];
  finishes = 0;
  cancelled = 0;
  private answer!: (value: AsrTranscript) => void;
  private fail!: (error: Error) => void;
  private readonly answered = new Promise<AsrTranscript>((resolve, reject) => {
    this.answer = resolve;
    this.fail = reject;
  });
  constructor(readonly onPartial: (text: string) => void) {}
  push(samples: Float32Array): void {
    this.pushed.push(samples.length);
  }
  finish(): Promise<AsrTranscript> {
    this.finishes++;
    return this.answered;
  }
  cancel(): void {
    this.cancelled++;
  }
  says(text: string, confidence?: number): void {
    this.answer({ text, ...(confidence === undefined ? {} : { confidence }), locale: 'en-US' });
  }
  fails(): void {
    this.fail(new EngineUnavailableError('Transcription', 'fake', 'a decoder exited.'));
  }
}

function setup(free = 10) {
  const streams: FakeStream[] = [];
  const captions: string[] = [];
  let left = free;
  const recognition = new PartedRecognition({
    open: (onPartial) => {
      if (left-- <= 0) return undefined;
      const stream = new FakeStream(onPartial);
      streams.push(stream);
      return stream;
    },
    onPartial: (text) => captions.push(text),
    deadline: { service: 'Transcription', engine: 'fake', ms: 60_000, setting: 'ASR_TIMEOUT_MS' },
  });
  expect(recognition.start()).toBe(free > 0);
  const samples = (n: number) => recognition.push(new Float32Array(n));
  /** Lets the answers given so far reach the recognition. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { recognition, streams, captions, samples, settle };
}

describe('PartedRecognition', () => {
  it('never paused: the stream finishes at the end, as before, its error included', async () => {
    const { recognition, streams, samples } = setup();
    samples(10);
    const result = recognition.finish();
    streams[0].says('the patient has a fever', 0.8);
    expect(await result).toMatchObject({ text: 'the patient has a fever', confidence: 0.8 });

    const failing = setup();
    failing.samples(10);
    const failed = failing.recognition.finish();
    failing.streams[0].fails();
    await expect(failed).rejects.toBeInstanceOf(EngineUnavailableError);
  });

  it('finished at the pause: the end only collects the answer, no second stream', async () => {
    const { recognition, streams, samples, captions, settle } = setup();
    samples(10);
    recognition.pause();
    expect(streams[0].finishes).toBe(1);
    streams[0].says('my chest hurts', 0.7);
    await settle();
    expect(captions).toEqual(['my chest hurts']); // the part's final words, as a caption
    expect(await recognition.finish()).toMatchObject({ text: 'my chest hurts', confidence: 0.7 });
    expect(streams).toHaveLength(1);
  });

  it('at a pause, tells what finish() will give without ending the sentence', async () => {
    const { recognition, streams, samples, settle } = setup();
    samples(10);
    recognition.pause();
    samples(3);
    streams[0].says('my chest', 0.5);
    await settle();
    recognition.pause();
    const atSecondPause = recognition.atPause();
    streams[1].says('hurts', 0.9);
    const transcript = await atSecondPause;
    expect(transcript).toMatchObject({ text: 'my chest hurts' });
    expect(await recognition.finish()).toEqual(transcript);
  });

  it('at a pause, tells nothing once speech resumed, before any pause, or after a failed part', async () => {
    const before = setup();
    before.samples(10);
    expect(await before.recognition.atPause()).toBeUndefined();
    const resumed = setup();
    resumed.samples(10);
    resumed.recognition.pause();
    resumed.samples(3);
    expect(await resumed.recognition.atPause()).toBeUndefined();
    const failed = setup();
    failed.samples(10);
    failed.recognition.pause();
    const pending = failed.recognition.atPause();
    failed.streams[0].fails();
    expect(await pending).toBeUndefined();
    // The sentence goes on after a pause it was asked about.
    const goesOn = setup();
    goesOn.samples(10);
    goesOn.recognition.pause();
    const asked = goesOn.recognition.atPause();
    goesOn.streams[0].says('yes', 0.9);
    expect(await asked).toMatchObject({ text: 'yes' });
    goesOn.samples(3);
    await goesOn.settle();
    expect(goesOn.streams).toHaveLength(2);
  });

  it('speech after the pause waits for that part, goes to a new stream, and the parts are joined', async () => {
    const { recognition, streams, samples, captions, settle } = setup();
    samples(10);
    recognition.pause();
    samples(3); // the held-back pause and new speech, before the first part has answered
    samples(4);
    await settle();
    expect(streams).toHaveLength(1);
    streams[0].says('my chest hurts', 0.5);
    await settle();
    expect(streams).toHaveLength(2);
    expect(streams[1].pushed).toEqual([3, 4]);
    samples(5);
    streams[1].onPartial('when i');
    const result = recognition.finish();
    streams[1].says('when i breathe in', 0.9);
    // 3 words at 0.5 and 4 at 0.9: the geometric mean of the 7 words' posteriors.
    expect(await result).toEqual({
      text: 'my chest hurts when i breathe in',
      locale: 'en-US',
      confidence: Math.exp((3 * Math.log(0.5) + 4 * Math.log(0.9)) / 7),
    });
    expect(captions).toEqual(['my chest hurts', 'my chest hurts when i']);
    expect(streams[1].pushed).toEqual([3, 4, 5]);
  });

  it('a pause while the next part opens finishes that part as soon as it is open', async () => {
    const { recognition, streams, samples, settle } = setup();
    samples(10);
    recognition.pause();
    samples(3);
    recognition.pause();
    streams[0].says('yes', 0.9);
    await settle();
    expect(streams[1]).toMatchObject({ pushed: [3], finishes: 1 });
    streams[1].says('no', 0.6);
    expect(await recognition.finish()).toMatchObject({ text: 'yes no' });
  });

  it('an early part that fails leaves the sentence to be decoded whole, and opens nothing more', async () => {
    const { recognition, streams, samples, settle } = setup();
    samples(10);
    recognition.pause();
    samples(3);
    streams[0].fails();
    await settle();
    expect(streams).toHaveLength(1);
    expect(await recognition.finish()).toBeUndefined();
  });

  it('an early part that fails after the end still leaves it to the whole decode', async () => {
    const { recognition, streams, samples } = setup();
    samples(10);
    recognition.pause();
    const result = recognition.finish();
    streams[0].fails();
    expect(await result).toBeUndefined();
  });

  it('the last part failing after an early one: decoded whole', async () => {
    const { recognition, streams, samples, settle } = setup();
    samples(10);
    recognition.pause();
    samples(3);
    streams[0].says('yes', 0.9);
    await settle();
    const result = recognition.finish();
    streams[1].fails();
    expect(await result).toBeUndefined();
  });

  it('without a stream free for the next part: decoded whole', async () => {
    const { recognition, streams, samples, settle } = setup(1);
    samples(10);
    recognition.pause();
    samples(3);
    streams[0].says('yes', 0.9);
    await settle();
    expect(streams).toHaveLength(1);
    expect(await recognition.finish()).toBeUndefined();
  });

  it('ended while the next part opens: that part is opened, fed and finished', async () => {
    const { recognition, streams, samples } = setup();
    samples(10);
    recognition.pause();
    samples(3);
    const result = recognition.finish();
    streams[0].says('yes', 0.9);
    await new Promise((resolve) => setImmediate(resolve));
    expect(streams[1]).toMatchObject({ pushed: [3], finishes: 1 });
    streams[1].says('', undefined);
    expect(await result).toMatchObject({ text: 'yes', confidence: 0.9 });
  });

  it('cancelled: the open part is released, and none is opened after', async () => {
    const { recognition, streams, samples, settle } = setup();
    samples(10);
    recognition.pause();
    samples(3);
    recognition.cancel();
    streams[0].says('yes', 0.9);
    await settle();
    expect(streams).toHaveLength(1);

    const open = setup();
    open.samples(10);
    open.recognition.cancel();
    expect(open.streams[0]).toMatchObject({ cancelled: 1, finishes: 0 });
  });
});

describe('joinedTranscript', () => {
  it('skips parts without words; no confidence when no part has one', () => {
    expect(
      joinedTranscript([
        { text: '' },
        { text: ' take two ', confidence: 0.5 },
        { text: 'tablets', confidence: 0.8 },
      ]),
    ).toEqual({
      text: 'take two tablets',
      confidence: Math.exp((2 * Math.log(0.5) + Math.log(0.8)) / 3),
    });
    expect(joinedTranscript([{ text: 'hello' }, { text: '' }])).toEqual({ text: 'hello' });
    expect(joinedTranscript([{ text: '', locale: 'en-US' }])).toEqual({
      text: '',
      locale: 'en-US',
    });
  });
});

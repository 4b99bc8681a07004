import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { waitFor } from '../../../test/support/wait-for.js';
import { speakInto } from '../../../test/support/speak-into.js';
import type { AsrChannel, AsrStream } from '../engines/asr-engine.js';
import type { PocketsphinxEngine } from '../engines/pocketsphinx/pocketsphinx.engine.js';
import { channelMean } from '../engines/pocketsphinx/cepstral-mean.js';
import { signal, startLiveEngine } from '../../../test/support/pocketsphinx.fixture.js';
import { HAS_SPEECH_FIXTURES, speechFixture } from '../../../test/support/speech-fixtures.js';
import { PartedRecognition } from './parted-recognition.js';

// Sentences finished at the speaker's pauses, through real decoders.

const DEADLINE = { service: 'Transcription', engine: 'pocketsphinx', ms: 30_000, setting: 'T' };

/** Pushes samples in 20 ms chunks, as the session does (PartedRecognition is an AsrStream's caller). */
const into = (recognition: PartedRecognition) =>
  ({ push: (samples: Float32Array) => recognition.push(samples) }) as AsrStream;

(HAS_SPEECH_FIXTURES ? describe : describe.skip)('PartedRecognition on pocketsphinx', () => {
  const clock = { now: 0 };
  let engine: PocketsphinxEngine;
  const first = () => speechFixture('01-fever-headache.wav');
  const second = () => speechFixture('03-allergies.wav');

  beforeAll(async () => {
    Logger.overrideLogger(false);
    engine = await startLiveEngine(clock);
  }, 30_000);

  afterAll(async () => {
    await engine.close();
    Logger.overrideLogger(['log', 'error', 'warn']);
  });

  function recognition(channel: AsrChannel = {}) {
    const opened: number[] = [];
    const parted = new PartedRecognition({
      open: (onPartial) => {
        const stream = engine.openStream(['en-US'], onPartial, channel);
        opened.push(stream ? 1 : 0);
        return stream;
      },
      onPartial: () => undefined,
      deadline: DEADLINE,
    });
    expect(parted.start()).toBe(true);
    return { parted, opened };
  }

  it('finished at its pause, a sentence answers what its stream would have at the end', async () => {
    const atEnd = engine.openStream(['en-US'])!;
    await speakInto(atEnd, first(), clock);
    const expected = await atEnd.finish(signal());

    const { parted, opened } = recognition();
    await speakInto(into(parted), first(), clock);
    parted.pause();
    const result = await parted.finish();
    expect(result).toEqual(expected);
    expect(result?.text).toBe('the patient has a fever and headache');
    expect(opened).toEqual([1]);
  }, 20_000);

  it('speech after the pause is a second part from the first part’s mean; the texts are joined', async () => {
    const channel: AsrChannel = {};
    const { parted, opened } = recognition(channel);
    await speakInto(into(parted), first(), clock);
    parted.pause();
    await speakInto(into(parted), second(), clock);
    const result = await parted.finish();
    expect(opened).toEqual([1, 1]);
    expect(channelMean(channel)).toHaveLength(13);
    expect(result?.text).toBe(
      'the patient has a fever and headache do you have any allergies to medication',
    );
    expect(result?.confidence).toBeGreaterThan(0.5);
    expect(engine.freeLiveDecoders()).toBe(1);
  }, 20_000);

  it('no live decoder for the part after the pause (another sentence holds it): left to the whole decode', async () => {
    await engine.ready();
    const { parted, opened } = recognition();
    await speakInto(into(parted), first(), clock);
    parted.pause();
    // The part's answer has come once its decoder is free again; then another sentence takes it.
    // (A decoder killed here is no longer a gap: its replacement is forked ready at once.)
    await waitFor(() => expect(engine.freeLiveDecoders()).toBe(1), { timeout: 10_000 });
    const holder = engine.openStream(['en-US'])!;
    expect(engine.freeLiveDecoders()).toBe(0);
    parted.push(second());
    expect(await parted.finish()).toBeUndefined();
    expect(opened).toEqual([1, 0]);
    holder.cancel();
    await waitFor(() => expect(engine.freeLiveDecoders()).toBe(1), { timeout: 5_000 });
  }, 20_000);
});

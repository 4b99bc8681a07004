/**
 * The conversation the session and load benchmarks stream: test/fixtures/audio/pauses.wav
 * (3 sentences separated by 1 s of silence), then the 5 festival sentences of speech/ with
 * 0.8 s of silence between them, then 1.5 s of silence: 27.6 s, 8 sentences. The sentence
 * boundaries are the fixtures' own (pauses.json start_ms/end_ms, manifest.json
 * speech_start_ms/speech_end_ms).
 */
import { readFileSync } from 'node:fs';
import { SPEECH_FIXTURES, speechRecordings } from '../../test/support/speech-fixtures.js';
import { readWavFile } from '../../tools/session-client/wav-file.js';

const FIXTURES = 'test/fixtures/audio';
export const SAMPLE_RATE = 16_000;
const GAP_MS = 800;
const TAIL_MS = 1500;

export interface ExpectedSentence {
  text: string;
  /** Position of the speech in the session's stream, in ms. */
  startMs: number;
  endMs: number;
}

export interface Conversation {
  samples: Int16Array;
  sentences: ExpectedSentence[];
}

function loadWav(file: string): Int16Array {
  const audio = readWavFile(file);
  if (audio.sampleRate !== SAMPLE_RATE) throw new Error(`${file} is not at ${SAMPLE_RATE} Hz`);
  return audio.samples;
}

/** The conversation, repeated until it lasts at least `minSeconds` (once by default). */
export function buildFixtureConversation(minSeconds = 0): Conversation {
  const parts: Int16Array[] = [];
  const sentences: ExpectedSentence[] = [];
  let length = 0;
  const append = (samples: Int16Array) => {
    parts.push(samples);
    length += samples.length;
  };
  const silence = (ms: number) => append(new Int16Array((SAMPLE_RATE * ms) / 1000));
  const positionMs = () => (length / SAMPLE_RATE) * 1000;

  const pauses = JSON.parse(readFileSync(`${FIXTURES}/pauses.json`, 'utf8')) as {
    sentences: { text: string; start_ms: number; end_ms: number }[];
  };
  const pausesWav = loadWav(`${FIXTURES}/pauses.wav`);
  const recordings = speechRecordings().map((recording) => ({
    ...recording,
    samples: loadWav(SPEECH_FIXTURES + recording.file),
  }));
  do {
    let offset = positionMs();
    for (const sentence of pauses.sentences) {
      sentences.push({
        text: sentence.text,
        startMs: offset + sentence.start_ms,
        endMs: offset + sentence.end_ms,
      });
    }
    append(pausesWav);
    for (const recording of recordings) {
      silence(GAP_MS);
      offset = positionMs();
      sentences.push({
        text: recording.text,
        startMs: offset + recording.speech_start_ms,
        endMs: offset + recording.speech_end_ms,
      });
      append(recording.samples);
    }
    silence(TAIL_MS);
  } while (length / SAMPLE_RATE < minSeconds);
  const samples = new Int16Array(length);
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  return { samples, sentences };
}

/**
 * The first 4 s, holding the first sentence: a warm-up that loads the decoders, the translation
 * pipelines and the voices once.
 */
export function openingOf(conversation: Conversation): Conversation {
  return {
    samples: conversation.samples.subarray(0, SAMPLE_RATE * 4),
    sentences: conversation.sentences.slice(0, 1),
  };
}

/** Index of the expected sentence an asr_result's interval overlaps most, or -1. */
export function matchSentence(
  sentences: ExpectedSentence[],
  startMs: number,
  endMs: number,
): number {
  let best = -1;
  let bestOverlap = 0;
  sentences.forEach((sentence, index) => {
    const overlap = Math.min(endMs, sentence.endMs) - Math.max(startMs, sentence.startMs);
    if (overlap > bestOverlap) {
      best = index;
      bestOverlap = overlap;
    }
  });
  return best;
}

/**
 * One recording decoded as a live session decodes it (issue 19): through the VAD segmenter, whose
 * listener feeds a PartedRecognition per sentence (src/transcription/live/), finished early at
 * each pause of `pauseMs` (as LiveSentences does), then joined. Audio is pushed in 20 ms chunks
 * on the simulated clock, as fast as the VAD goes (the decoder's pipe keeps the order; its
 * results do not depend on the pace).
 */
import { SentenceSegmenter } from '../../src/audio/vad/sentence-segmenter.js';
import type { LiveSentenceListener } from '../../src/audio/vad/sentence.js';
import type { SileroVadModel } from '../../src/audio/vad/silero-vad.model.js';
import type {
  AsrChannel,
  AsrEngine,
  AsrTranscript,
} from '../../src/transcription/engines/asr-engine.js';
import { joinedTranscript } from '../../src/transcription/live/joined-transcript.js';
import { PartedRecognition } from '../../src/transcription/live/parted-recognition.js';

const DEADLINE = { service: 'Transcription', engine: 'pocketsphinx', ms: 60_000, setting: '-' };
/** Silence around each recording, as between a speaker's sentences. */
const BEFORE_MS = 300;
const AFTER_MS = 1_000;

export interface SegmentedResult extends AsrTranscript {
  /** Streams opened (parts), over the recording's sentences. */
  readonly parts: number;
  /** Sentences the segmenter found. */
  readonly sentences: number;
  /** Sentences decoded whole (no decoder free, or an early finish failed). */
  readonly fallbacks: number;
  readonly partials: number;
  /** Longest wait from a sentence's end to its transcript, in ms. */
  readonly finishMs: number;
}

/** The segmenter as a session runs it (the service's defaults), with the pause of `pauseMs`. */
export const sessionSettings = (pauseMs: number) => ({
  threshold: 0.5,
  silenceFrames: 20,
  prerollMs: 192,
  maxSentenceMs: 15_000,
  minSpeechFrames: 3,
  pauseMs,
});

/** `pauseMs` undefined: never finished early (one part per sentence, as before). */
export async function recognizeSegmented(
  engine: AsrEngine,
  vad: SileroVadModel,
  recording: Float32Array,
  channel: AsrChannel,
  clock: { now: number },
  pauseMs?: number,
): Promise<SegmentedResult> {
  const segmenter = new SentenceSegmenter(vad.createStream(), sessionSettings(pauseMs ?? 60_000));
  let parts = 0;
  let partials = 0;
  let fallbacks = 0;
  let finishMs = 0;
  let current: PartedRecognition | undefined;
  const transcripts: Promise<AsrTranscript>[] = [];
  const listener: LiveSentenceListener = {
    started(samples) {
      current = new PartedRecognition({
        open: (onPartial) => (parts++, engine.openStream?.(['en-US'], onPartial, channel)),
        onPartial: () => partials++,
        deadline: DEADLINE,
      });
      // No live decoder free (the previous sentence still finishing): decoded whole, as in a session.
      if (current.start()) current.push(samples);
      else current = undefined;
    },
    samples: (samples) => current?.push(samples),
    paused: () => current?.pause(),
    ended(sentence) {
      const ended = performance.now();
      const finishing = current ? current.finish() : Promise.resolve(undefined);
      current = undefined;
      transcripts.push(
        finishing.then(async (recognized) => {
          finishMs = Math.max(finishMs, performance.now() - ended);
          if (recognized) return recognized;
          fallbacks++;
          return engine.transcribe(
            { samples: sentence.samples, localeHints: ['en-US'] },
            AbortSignal.timeout(60_000),
          );
        }),
      );
    },
    dropped: () => current?.cancel(),
  };
  segmenter.listener = listener;
  const padded = new Float32Array((BEFORE_MS + AFTER_MS) * 16 + recording.length);
  padded.set(recording, BEFORE_MS * 16);
  for (let at = 0; at < padded.length; at += 320) {
    await segmenter.push(padded.subarray(at, at + 320));
    clock.now += 20;
  }
  await segmenter.flush();
  const all = await Promise.all(transcripts);
  return {
    ...joinedTranscript(all),
    parts,
    sentences: all.length,
    fallbacks,
    partials,
    finishMs,
  };
}

/** How many times speech resumed after a pause of `pauseMs` (so many more parts), VAD only. */
export async function resumedPauses(
  vad: SileroVadModel,
  recording: Float32Array,
  pauseMs: number,
): Promise<number> {
  const segmenter = new SentenceSegmenter(vad.createStream(), sessionSettings(pauseMs));
  let paused = false;
  let resumed = 0;
  segmenter.listener = {
    started: () => (paused = false),
    samples: () => {
      if (paused) resumed++;
      paused = false;
    },
    paused: () => (paused = true),
    ended: () => (paused = false),
    dropped: () => (paused = false),
  };
  const padded = new Float32Array((BEFORE_MS + AFTER_MS) * 16 + recording.length);
  padded.set(recording, BEFORE_MS * 16);
  for (let at = 0; at < padded.length; at += 320)
    await segmenter.push(padded.subarray(at, at + 320));
  await segmenter.flush();
  return resumed;
}

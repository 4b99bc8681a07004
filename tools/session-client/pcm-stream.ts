/**
 * Real-time PCM over a session's socket: the samples cut into binary s16le frames, paced like a
 * microphone (or sent as fast as possible).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { toS16le } from './wav-file.js';

export interface StreamOptions {
  /** Audio per binary frame, in ms (default 20). */
  chunkMs?: number;
  /** Pace the frames like a microphone (default true); false sends them as fast as possible. */
  realTime?: boolean;
  /** Stops the stream early (the promise then resolves with the last frame sent). */
  signal?: AbortSignal;
  /** Called after each frame is handed to the socket. */
  onChunk?: (chunk: SentChunk) => void;
  /** What paces the frames (default: `performance.now()` and a timer); a test gives its own. */
  clock?: StreamClock;
}

export interface StreamClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface SentChunk {
  index: number;
  /** Position of the end of this frame in the stream, in ms of audio. */
  endMs: number;
  /** `performance.now()` when it was sent. */
  sentAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const REAL_CLOCK: StreamClock = { now: () => performance.now(), sleep };

/**
 * Streams `samples` as binary s16le frames of `chunkMs`. In real time, frame i (audio up to
 * (i+1)·chunkMs) is sent at start + (i+1)·chunkMs, like a microphone that hands over each
 * buffer once it is full; each frame is scheduled against the start time, so timer lateness
 * never accumulates (a late frame is followed by the next ones at once). Resolves with the
 * clock's time (`performance.now()`) of the last frame sent.
 */
export async function streamPcm(
  socket: WebSocket,
  samples: Int16Array,
  sampleRate: number,
  options: StreamOptions = {},
  /** The close code once the session closed, for the error of a stream it cut. */
  closeCode: () => number | undefined = () => undefined,
): Promise<number> {
  const chunkMs = options.chunkMs ?? 20;
  const realTime = options.realTime ?? true;
  const chunkSamples = Math.max(1, Math.round((sampleRate * chunkMs) / 1000));
  const clock = options.clock ?? REAL_CLOCK;
  const start = clock.now();
  let lastSentAt = start;
  for (let index = 0, offset = 0; offset < samples.length; index++, offset += chunkSamples) {
    if (options.signal?.aborted) break;
    const end = Math.min(samples.length, offset + chunkSamples);
    const endMs = (end / sampleRate) * 1000;
    if (realTime) {
      const wait = start + endMs - clock.now();
      if (wait > 1) await clock.sleep(wait);
    } else if (index % 50 === 49) {
      await new Promise((resolve) => setImmediate(resolve)); // let messages in
    }
    if (socket.readyState !== WebSocket.OPEN) {
      throw new Error(`the session closed while streaming (code ${closeCode()})`);
    }
    socket.send(toS16le(samples.subarray(offset, end)));
    lastSentAt = clock.now();
    options.onChunk?.({ index, endMs, sentAt: lastSentAt });
  }
  return lastSentAt;
}

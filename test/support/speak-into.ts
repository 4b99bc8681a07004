import { AsrStream } from '../../src/transcription/engines/asr-engine.js';

const CHUNK = 320; // 20 ms at 16 kHz, what the session's audio frames carry

/**
 * Pushes `samples` into a live stream in 20 ms chunks, the simulated clock moving 20 ms per
 * chunk. After each chunk it waits for `settled` (e.g. the partial just asked), so that a decoder
 * slowed by other test workers still answers within the same simulated time; without it, it only
 * yields so that answers can arrive.
 */
export async function speakInto(
  stream: AsrStream,
  samples: Float32Array,
  clock?: { now: number },
  settled?: () => Promise<unknown>,
): Promise<void> {
  for (let at = 0; at < samples.length; at += CHUNK) {
    stream.push(samples.subarray(at, at + CHUNK));
    if (clock) clock.now += 20;
    await (settled?.() ?? new Promise((resolve) => setTimeout(resolve, 1)));
  }
}

import { floatToInt16 } from '../../src/audio/wav-encoder.js';
import { speechFixture, speechRecording } from './speech-fixtures.js';
import type { TestClient } from './ws-client.js';

export interface DialogueSentence {
  readonly text: string;
  /** Where the speech lies in the dialogue, in ms. */
  readonly speechStartMs: number;
  readonly speechEndMs: number;
}

/**
 * Festival-voiced fixture sentences joined with `pauseMs` of digital silence between them and
 * 500 ms before the first and 1 s after the last: 16 kHz mono s16 samples and where each sentence's speech lies.
 */
export function dialogue(
  files: string[],
  pauseMs = 1000,
): { samples: Int16Array; sentences: DialogueSentence[] } {
  const parts: Float32Array[] = [new Float32Array(8000)];
  const sentences: DialogueSentence[] = [];
  let offset = 8000;
  files.forEach((file, index) => {
    const entry = speechRecording(file);
    const mono = speechFixture(file);
    sentences.push({
      text: entry.text,
      speechStartMs: offset / 16 + entry.speech_start_ms,
      speechEndMs: offset / 16 + entry.speech_end_ms,
    });
    parts.push(mono);
    offset += mono.length;
    // 1 s at the end: more than the 20 silent frames (640 ms) that end a sentence.
    const gap = index < files.length - 1 ? pauseMs * 16 : 16000;
    parts.push(new Float32Array(gap));
    offset += gap;
  });
  const all = new Float32Array(offset);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return { samples: floatToInt16(all), sentences };
}

/**
 * Sends s16le PCM as binary frames of `chunkMs`, `speedup` times faster than real time
 * (Infinity: all at once).
 */
export async function streamPcm(
  client: TestClient,
  samples: Int16Array,
  sampleRate: number,
  { chunkMs = 20, speedup = 4 } = {},
): Promise<void> {
  const step = Math.round((sampleRate * chunkMs) / 1000);
  const started = performance.now();
  for (let i = 0, n = 0; i < samples.length; i += step, n++) {
    const chunk = samples.subarray(i, Math.min(i + step, samples.length));
    client.socket.send(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (Number.isFinite(speedup)) {
      const due = started + ((n + 1) * chunkMs) / speedup;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

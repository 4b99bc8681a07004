/**
 * A real Session on the fake engines whose audio is cut by a stand-in segmenter, one sentence
 * per chunk: for the session specs (src/orchestrator/session/session*.spec.ts) that are about
 * the sentences, not about finding them in the audio.
 */
import type { Sentence } from '../../src/audio/vad/sentence.js';
import type { SentenceSegmenter } from '../../src/audio/vad/sentence-segmenter.js';
import type { ArchiveBuilder } from '../../src/orchestrator/archive/archive-builder.js';
import type { SessionLimits } from '../../src/orchestrator/session/session-settings.js';
import { fakes, openTestSession, RecordingTransport } from './session.fixture.js';

/**
 * A segmenter that turns each pushed chunk into one sentence; with `holding`, the sentence stays
 * in its closing silence until `cut` or `flush` takes it; with `delayMs`, each push takes time.
 */
export class OneSentencePerChunk {
  position = 0;
  failNext = false;
  holding = false;
  delayMs = 0;
  private held: Sentence[] = [];
  async push(samples: Float32Array): Promise<Sentence[]> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('VAD exploded');
    }
    const startMs = this.position;
    this.position += samples.length / 16;
    const sentence: Sentence = {
      samples,
      startMs,
      endMs: this.position,
      speechStartMs: startMs,
      speechEndMs: this.position,
      end: 'silence',
    };
    if (!this.holding) return [sentence];
    this.held.push(sentence);
    return [];
  }
  async cut(): Promise<Sentence[]> {
    return this.held.splice(0).map((sentence) => ({ ...sentence, end: 'cut' as const }));
  }
  async flush(): Promise<Sentence[]> {
    return this.held.splice(0).map((sentence) => ({ ...sentence, end: 'flush' as const }));
  }
}

/** The session, its transport and segmenter, the fake engines, and what a test does with them. */
export function sessionOnChunks(
  options: { limits?: Partial<SessionLimits>; archive?: ArchiveBuilder } = {},
) {
  const engines = fakes();
  const transport = new RecordingTransport();
  const segmenter = new OneSentencePerChunk();
  const session = openTestSession(
    engines,
    transport,
    segmenter as unknown as SentenceSegmenter,
    options,
  );
  /** 0.5 s of audio: one sentence with the fake segmenter. */
  const speak = () => session.handleAudio(new Uint8Array(16000));
  const exit = async (archive = false) => {
    session.handleText(JSON.stringify({ type: 'conversation_exit', archive }));
    await session.closed;
  };
  return { session, transport, segmenter, speak, exit, ...engines };
}

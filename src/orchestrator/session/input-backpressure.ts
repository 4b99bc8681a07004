import type { SessionTransport } from './session-transport.js';

/** More than this much decoded audio waiting for the VAD pauses the client's input. */
const MAX_QUEUED_AUDIO_SECONDS = 10;

/**
 * Too much waiting (sentences for a pipeline, or audio for the VAD): the session stops reading
 * its client until it shrinks, so a fast sender cannot grow the server's memory without bound.
 */
export class InputBackpressure {
  private queuedAudioBytes = 0;
  private paused = false;

  constructor(
    private readonly transport: SessionTransport,
    private readonly limits: {
      readonly maxQueuedSentences: number;
      /** Of the client's PCM s16le frames. */
      readonly sampleRate: number;
    },
    /** New sentences waiting for a pipeline. */
    private readonly queuedSentences: () => number,
    /** Whether the session still reads its client (not ending or closed). */
    private readonly isActive: () => boolean,
    /** Each pause counts as one of the session's warnings. */
    private readonly onPause: () => void,
  ) {}

  /** Bytes of audio frames handed to the VAD (+) or done with (−). */
  audioQueued(bytes: number): void {
    this.queuedAudioBytes += bytes;
  }

  update(): void {
    if (!this.isActive()) return;
    const queued = this.queuedSentences();
    const audioSeconds = this.queuedAudioBytes / (2 * this.limits.sampleRate);
    const over = queued > this.limits.maxQueuedSentences || audioSeconds > MAX_QUEUED_AUDIO_SECONDS;
    if (over && !this.paused) {
      this.paused = true;
      this.onPause();
      this.transport.pauseInput();
    } else if (!over && this.paused) {
      this.resume();
    }
  }

  /** Reads the client again, if paused. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.transport.resumeInput();
  }
}

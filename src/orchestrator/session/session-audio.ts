import { Logger } from '@nestjs/common';
import type { LiveAudioIntake } from '../../audio/stream/live-audio-intake.js';
import type { Sentence } from '../../audio/vad/sentence.js';
import { describeFailure } from '../../common/errors/describe-failure.js';
import { failureMessage } from '../protocol/failure-message.js';
import type { InputBackpressure } from './input-backpressure.js';
import type { SentenceRunner } from './sentence-runner.js';
import type { SessionReplies } from './session-replies.js';

// The session's own log context, as before this part was split out of it.
const logger = new Logger('Session');

/**
 * A session's audio on its way to sentences: each frame decoded by the session's intake (decoder,
 * resampler, VAD), the sentences it completes handed to the runner, a VAD failure reported and
 * skipped (the session goes on), and the audio done with taken off the backpressure's count.
 */
export class SessionAudio {
  private bytes = 0;

  constructor(
    private readonly intake: LiveAudioIntake,
    private readonly sentences: Pick<SentenceRunner, 'spoken'>,
    private readonly replies: SessionReplies,
    private readonly backpressure: InputBackpressure,
    private readonly isClosed: () => boolean,
  ) {}

  /** Total bytes of audio received. */
  get receivedBytes(): number {
    return this.bytes;
  }

  /** One binary frame, counted as received: its samples (none while a sample is incomplete). */
  decode(bytes: Uint8Array): Float32Array {
    this.bytes += bytes.byteLength;
    return this.intake.decode(bytes);
  }

  /** Samples of `byteLength` bytes of frames through the VAD. */
  async feed(samples: Float32Array, byteLength: number): Promise<void> {
    try {
      if (this.isClosed()) return;
      for (const sentence of await this.intake.push(samples)) this.sentences.spoken(sentence);
    } catch (error) {
      this.reportFailure(error);
    } finally {
      this.backpressure.audioQueued(-byteLength);
      this.backpressure.update();
    }
  }

  /** A typed sentence arrived: the speech in progress becomes a sentence now (the stream goes on). */
  cut(): Promise<void> {
    return this.takeHeld(() => this.intake.cut());
  }

  /** The speaker's turn reads as finished at a pause: the sentence ends there (END_OF_TURN). */
  endInPause(stillWanted: () => boolean): Promise<void> {
    return this.takeHeld(() => this.intake.endInPause(stillWanted));
  }

  /** End of the stream: the speech still held becomes the last sentence. */
  flush(): Promise<void> {
    return this.takeHeld(() => this.intake.flush());
  }

  /** Hands the sentences the intake gives up to the session; a failure is reported, not thrown. */
  private async takeHeld(take: () => Promise<Sentence[]>): Promise<void> {
    try {
      if (this.isClosed()) return;
      for (const sentence of await take()) this.sentences.spoken(sentence);
    } catch (error) {
      this.reportFailure(error);
    }
  }

  private reportFailure(error: unknown): void {
    logger.error({ msg: 'voice activity detection failed', failure: describeFailure(error) });
    this.replies.send({
      kind: 'failure',
      service: 'ASR',
      message: failureMessage(
        error,
        'Voice activity detection failed on a piece of audio; it was skipped. The session goes on.',
      ),
    });
  }
}

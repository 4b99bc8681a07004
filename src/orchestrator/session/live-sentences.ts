import { Logger } from '@nestjs/common';
import type { LiveSentenceListener, Sentence } from '../../audio/vad/sentence.js';
import { describeFailure } from '../../common/errors/describe-failure.js';
import type {
  LiveRecognition,
  RecognitionChannel,
  Transcript,
} from '../../transcription/transcription.service.js';
import { settle, type Settled } from '../pipeline/settle.js';
import { PartialCaption } from './partial-caption.js';

/** A sentence whose speech has ended, as the live feed knew it. */
export interface EndedLiveSentence {
  /** Its id, given at its onset. */
  readonly id: string;
  /** Its transcript, recognized while it was spoken; absent when it is to be decoded whole. */
  readonly transcript?: Promise<Settled<Transcript>>;
}

export interface LiveSentencesDeps {
  /** The next sentence id of the conversation (ids follow the order speech began). */
  reserveId(): string;
  /**
   * A recognition fed while the sentence is spoken, or undefined (no streaming, no decoder free);
   * `channel` is the session's, the same object for each of its sentences.
   */
  startRecognition(
    onPartial: (text: string) => void,
    channel: RecognitionChannel,
  ): LiveRecognition | undefined;
  /** Sends an asr_partial. */
  partial(sentenceId: string, text: string): void;
}

const logger = new Logger('Session');

/**
 * A session's sentences while they are spoken (issue 19), told by the VAD segmenter: at the onset
 * the sentence gets its id and, when the recognizer can stream, a live recognition that receives
 * its samples as they become certain; its partial text goes out as asr_partial (PartialCaption).
 * At each pause of the speaker it finishes the sentence so far (so the transcript is ready at the
 * boundary if the sentence ends there; speech that resumes is a further part). At the end of the
 * speech the recognition is finished at once, freeing its decoder, and the
 * transcript waits for the sentence's pipeline (`take`). A recognition that cannot start or
 * fails while fed is cancelled and the sentence is decoded whole: never lost.
 */
export class LiveSentences implements LiveSentenceListener {
  private current?: {
    readonly id: string;
    recognition?: LiveRecognition;
    readonly caption: PartialCaption;
  };
  private readonly finished = new Map<Sentence, EndedLiveSentence>();
  /**
   * This session's recognition channel (the speaker's cepstral mean, for the embedded recognizer):
   * each of its sentences starts from what the previous one left. Created with the session and
   * gone with it, so it never reaches another session's sentences.
   */
  private readonly channel: RecognitionChannel = {};

  constructor(private readonly deps: LiveSentencesDeps) {}

  started(samples: Float32Array): void {
    this.abandonCurrent();
    const id = this.deps.reserveId();
    const caption = new PartialCaption((text) => this.deps.partial(id, text));
    this.current = { id, caption };
    try {
      this.current.recognition = this.deps.startRecognition(
        (text) => caption.offer(text),
        this.channel,
      );
    } catch (error) {
      logger.error({ msg: 'live recognition did not start', failure: describeFailure(error) });
    }
    this.samples(samples);
  }

  samples(samples: Float32Array): void {
    const current = this.current;
    if (!current?.recognition) return;
    try {
      current.recognition.push(samples);
    } catch (error) {
      this.giveUp(current, error);
    }
  }

  /** The speaker paused: the sentence so far is finished now (see LiveRecognition.pause). */
  paused(): void {
    const current = this.current;
    if (!current?.recognition) return;
    try {
      current.recognition.pause();
    } catch (error) {
      this.giveUp(current, error);
    }
  }

  ended(sentence: Sentence): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    current.caption.close();
    const { id, recognition } = current;
    this.finished.set(sentence, {
      id,
      transcript: recognition ? settle(recognition.finish(sentence.samples)) : undefined,
    });
  }

  dropped(): void {
    this.abandonCurrent();
  }

  /** The sentence's id and transcript, if the live feed saw it (once). */
  take(sentence: Sentence): EndedLiveSentence | undefined {
    const found = this.finished.get(sentence);
    this.finished.delete(sentence);
    return found;
  }

  /** The session is gone: the sentence being spoken releases its decoder. */
  close(): void {
    this.abandonCurrent();
    // Their finish() is under way and releases their decoders.
    this.finished.clear();
  }

  private abandonCurrent(): void {
    const current = this.current;
    this.current = undefined;
    current?.caption.close();
    if (current?.recognition) this.cancel(current.recognition);
  }

  /** The recognition failed while fed: the sentence is decoded whole at its end instead. */
  private giveUp(current: NonNullable<LiveSentences['current']>, error: unknown): void {
    logger.error({ msg: 'live recognition failed', failure: describeFailure(error) });
    current.caption.close();
    if (current.recognition) this.cancel(current.recognition);
    current.recognition = undefined;
  }

  private cancel(recognition: LiveRecognition): void {
    try {
      recognition.cancel();
    } catch (error) {
      logger.error({ msg: 'live recognition cancel failed', failure: describeFailure(error) });
    }
  }
}

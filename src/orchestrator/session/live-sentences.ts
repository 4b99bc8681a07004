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

/** Work begun at a pause on the sentence as it would be if it ended there (issue 34). */
export interface PauseWork {
  /** Speech resumed, or the sentence was dropped: the work is given up. */
  cancel(): void;
}

/** A sentence whose speech has ended, as the live feed knew it. */
export interface EndedLiveSentence<W extends PauseWork = PauseWork> {
  /** Its id, given at its onset. */
  readonly id: string;
  /** Its transcript, recognized while it was spoken; absent when it is to be decoded whole. */
  readonly transcript?: Promise<Settled<Transcript>>;
  /** The work begun at the pause the sentence ended in: its results are the sentence's. */
  readonly pauseWork?: W;
}

export interface LiveSentencesDeps<W extends PauseWork = PauseWork> {
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
  /**
   * The speaker paused: begins the sentence's work on `transcript` (what it is if it ends in
   * this pause; undefined when unknown), or returns undefined. Optional: no work at pauses.
   */
  workAtPause?(sentenceId: string, transcript: Promise<Transcript | undefined>): W | undefined;
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
 *
 * At a pause the sentence's own work can begin too (`workAtPause`): if the sentence ends in
 * that pause it is handed over with the sentence; speech that resumes cancels it.
 */
export class LiveSentences<W extends PauseWork = PauseWork> implements LiveSentenceListener {
  private current?: {
    readonly id: string;
    recognition?: LiveRecognition;
    readonly caption: PartialCaption;
    pauseWork?: W;
  };
  private readonly finished = new Map<Sentence, EndedLiveSentence<W>>();
  /**
   * This session's recognition channel (the speaker's cepstral mean, for the embedded recognizer):
   * each of its sentences starts from what the previous one left. Created with the session and
   * gone with it, so it never reaches another session's sentences.
   */
  private readonly channel: RecognitionChannel = {};

  constructor(private readonly deps: LiveSentencesDeps<W>) {}

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
    // Samples after a pause: the speech resumed, the sentence did not end there.
    this.cancelPauseWork(current);
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
      return;
    }
    if (!this.deps.workAtPause) return;
    try {
      current.pauseWork = this.deps.workAtPause(current.id, current.recognition.atPause());
    } catch (error) {
      logger.error({ msg: 'work at the pause did not start', failure: describeFailure(error) });
    }
  }

  ended(sentence: Sentence): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    current.caption.close();
    const { id, recognition, pauseWork } = current;
    this.finished.set(sentence, {
      id,
      transcript: recognition ? settle(recognition.finish(sentence.samples)) : undefined,
      pauseWork,
    });
  }

  dropped(): void {
    this.abandonCurrent();
  }

  /** The sentence's id and transcript, if the live feed saw it (once). */
  take(sentence: Sentence): EndedLiveSentence<W> | undefined {
    const found = this.finished.get(sentence);
    this.finished.delete(sentence);
    return found;
  }

  /** The session is gone: the sentence being spoken releases its decoder. */
  close(): void {
    this.abandonCurrent();
    // Their finish() is under way and releases their decoders.
    for (const ended of this.finished.values()) ended.pauseWork?.cancel();
    this.finished.clear();
  }

  private abandonCurrent(): void {
    const current = this.current;
    this.current = undefined;
    current?.caption.close();
    this.cancelPauseWork(current);
    if (current?.recognition) this.cancel(current.recognition);
  }

  private cancelPauseWork(current: LiveSentences<W>['current']): void {
    const work = current?.pauseWork;
    if (!work || !current) return;
    current.pauseWork = undefined;
    try {
      work.cancel();
    } catch (error) {
      logger.error({ msg: 'work at the pause: cancel failed', failure: describeFailure(error) });
    }
  }

  /** The recognition failed while fed: the sentence is decoded whole at its end instead. */
  private giveUp(current: NonNullable<LiveSentences<W>['current']>, error: unknown): void {
    logger.error({ msg: 'live recognition failed', failure: describeFailure(error) });
    current.caption.close();
    this.cancelPauseWork(current);
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

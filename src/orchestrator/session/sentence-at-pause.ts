import type { Transcript } from '../../transcription/transcription.service.js';
import type { SentenceRecord } from '../conversation/conversation.types.js';
import type { PipelineOutput } from '../pipeline/pipeline-output.js';
import type { ServerMessage } from '../protocol/server-messages.js';
import type { HeldReplies } from './held-replies.js';
import type { PauseWork } from './live-sentences.js';

export interface SentenceAtPauseDeps {
  /** The sentence's record, out of the conversation until it is known to end in the pause. */
  readonly record: SentenceRecord;
  /** The replies its results go to, held until release. */
  readonly held: HeldReplies;
  /** The session's output (parties, abort signal); results go to `held` instead. */
  readonly output: PipelineOutput;
  /** The speech rate the work was begun at. */
  readonly speed: number;
  /** The sentence's transcript if it ends in the pause; undefined when unknown. */
  readonly transcript: Promise<Transcript | undefined>;
  /** Runs the sentence's pipeline from `transcript` on `record` into `out`. */
  run(record: SentenceRecord, out: PipelineOutput, transcript: Transcript): Promise<void>;
}

/**
 * A sentence's whole pipeline begun when its speaker paused (issue 34, item 1): recognition's
 * transcript at the pause, the translations, the reformulation and their speech, on a record of
 * its own with every message held. If the sentence ends in that pause, the session adopts the
 * record and releases the messages, as the pipeline would have sent them at the end; if speech
 * resumes, the work is cancelled and its results dropped, and the sentence is worked on as usual.
 */
export class SentenceAtPause implements PauseWork {
  readonly record: SentenceRecord;
  readonly speed: number;
  private readonly controller = new AbortController();
  /** Whether the pipeline began (false: the transcript at the pause was unknown). */
  private readonly began: Promise<boolean>;
  private readonly done: Promise<void>;

  constructor(private readonly deps: SentenceAtPauseDeps) {
    this.record = deps.record;
    this.speed = deps.speed;
    const out: PipelineOutput = {
      parties: deps.output.parties,
      signal: AbortSignal.any([deps.output.signal, this.controller.signal]),
      emit: (result) => deps.held.replies.send(result),
      fail: (record, service, error) => deps.held.replies.fail(record, service, error),
      warn: (record, service, error) => deps.held.replies.warn(record, service, error),
      metrics: deps.held.metrics,
    };
    const transcript = deps.transcript.catch(() => undefined);
    this.began = transcript.then((known) => known !== undefined);
    this.done = transcript.then((known) => known && deps.run(this.record, out, known));
    // Cancelled work's failure is nobody's; adopted work's is awaited in release().
    this.done.catch(() => undefined);
  }

  /** Whether the work was given up (speech resumed after the pause, or the session is gone). */
  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  /** Speech resumed (or the session is gone): stop, and send nothing of it. */
  cancel(): void {
    this.deps.held.drop();
    this.controller.abort(new DOMException('speech resumed after the pause', 'AbortError'));
  }

  /**
   * The sentence ended in the pause and its record is in the conversation: sends what the work
   * produced, with the sentence's times in asr_result, and waits for the rest. False, with
   * nothing done, when the work could not begin: the caller then works on the sentence itself.
   */
  async release(): Promise<boolean> {
    if (!(await this.began)) {
      this.deps.held.drop();
      return false;
    }
    this.deps.held.release((message) => this.withTimes(message), this.record.detectedAt);
    await this.done;
    return true;
  }

  private withTimes(message: ServerMessage): ServerMessage {
    if (message.type !== 'asr_result') return message;
    return { ...message, start_ms: this.record.startMs ?? null, end_ms: this.record.endMs ?? null };
  }
}

import type { Sentence } from '../../audio/vad/sentence.js';
import type { Transcript } from '../../transcription/transcription.service.js';
import type { KnownRole, SentenceRecord } from '../conversation/conversation.types.js';
import type { PipelineOutput } from '../pipeline/pipeline-output.js';
import type { SentencePipeline } from '../pipeline/sentence-pipeline.js';
import { settle, type Settled } from '../pipeline/settle.js';
import type { ConversationStore } from './conversation-store.js';
import type { HeldReplies } from './held-replies.js';
import type { LiveSentences } from './live-sentences.js';
import { SentenceAtPause } from './sentence-at-pause.js';
import type { SessionLifecycle } from './session-lifecycle.js';
import type { SessionReplies } from './session-replies.js';
import type { SessionSettings } from '../protocol/session-settings.js';

/**
 * A session's sentences through the pipeline: each new one (spoken or typed) numbered in the
 * conversation and run within the session's concurrency, and the work a client asks on an
 * existing one (correct_speaker, trigger_branch_c) queued after what it already has.
 */
export class SentenceRunner {
  /** The speech rate of the sentences from now on (set_speed). */
  speed: number;
  /** Where the pipelines' results go: the session's replies. */
  private readonly output: PipelineOutput;
  /**
   * The work of the last spoken sentence, settled when it ends. A session that aborts skips the
   * work of every sentence not yet started, so none is left waiting on one that never ran.
   */
  private lastSpoken: Promise<void> = Promise.resolve();

  constructor(
    private readonly settings: SessionSettings,
    private readonly pipeline: SentencePipeline,
    private readonly conversation: ConversationStore,
    private readonly lifecycle: SessionLifecycle,
    replies: SessionReplies,
    /** Replies held until released, for the work at a pause. */
    private readonly hold: () => HeldReplies,
    /** The sentences seen while spoken: their ids, live transcripts and work at their pause. */
    private readonly live?: LiveSentences<SentenceAtPause>,
  ) {
    this.speed = settings.speed;
    this.output = {
      parties: settings.parties,
      signal: lifecycle.signal,
      emit: (result) => replies.send(result),
      fail: (record, service, error) => replies.fail(record, service, error),
      warn: (record, service, error) => replies.warn(record, service, error),
    };
  }

  /**
   * A sentence of speech from the audio stream. If its work began at the pause it ended in (and
   * the speed is still the one it began at), that work's record and results are the sentence's.
   */
  spoken(sentence: Sentence): void {
    const live = this.live?.take(sentence);
    const work = live?.pauseWork;
    // Results ready at the end are sent after the sentences before it are done: a sentence
    // decoded whole after its end (no transcript at its pause) may still be recognizing.
    const before = this.lastSpoken;
    let done!: () => void;
    this.lastSpoken = new Promise<void>((resolve) => (done = resolve));
    if (work && work.speed === this.speed) {
      const record = this.conversation.addDraft(work.record, sentence);
      this.lifecycle.start(record, async () => {
        try {
          await before;
          if (await work.release()) return;
          await this.recognizeAndRun(record, sentence.samples, work.speed, live?.transcript);
        } finally {
          done();
        }
      });
      return;
    }
    work?.cancel();
    const record = this.conversation.addSentence('audio', sentence, live?.id);
    const speed = this.speed;
    this.lifecycle.start(record, () =>
      this.recognizeAndRun(record, sentence.samples, speed, live?.transcript).finally(done),
    );
  }

  /**
   * The speaker paused (LiveSentences' workAtPause): begins the sentence's pipeline on what it
   * is if it ends in this pause, its messages held (SentenceAtPause).
   */
  atPause(sentenceId: string, transcript: Promise<Transcript | undefined>): SentenceAtPause {
    const speed = this.speed;
    return new SentenceAtPause({
      record: this.conversation.draftSentence(sentenceId),
      held: this.hold(),
      output: this.output,
      speed,
      transcript,
      run: (record, out, known) =>
        this.recognizeAndRun(record, NO_SAMPLES, speed, settle(Promise.resolve(known)), out),
    });
  }

  private async recognizeAndRun(
    record: SentenceRecord,
    samples: Float32Array,
    speed: number,
    transcript?: Promise<Settled<Transcript>>,
    out = this.output,
  ): Promise<void> {
    const hasText = await this.pipeline.recognition.recognize(record, samples, out, transcript);
    if (hasText) await this.runBranches(record, speed, this.settings.enableDualDirection, out);
  }

  /** A typed sentence (text_input), by `role` when the client says who typed it. */
  typed(text: string, role: KnownRole | undefined): void {
    const record = this.conversation.addSentence('text');
    record.text = text.trim();
    const speed = this.speed;
    this.lifecycle.start(record, async () => {
      this.pipeline.recognition.acceptText(record, role, this.output);
      await this.runBranches(record, speed, this.settings.enableDualDirection);
    });
  }

  /** A correct_speaker: re-translated once the sentence's current work is done (role settled). */
  reassign(record: SentenceRecord, role: KnownRole): void {
    this.lifecycle.after(record, async () => {
      if (!record.text || record.role === role) {
        record.role = record.text ? role : record.role;
        return;
      }
      this.pipeline.recognition.reassign(record, role, this.settings.parties);
      record.revision++;
      await this.runBranches(record, this.speed);
    });
  }

  /**
   * A choose_phrase: the chosen phrase sent to the patient as a new revision, after the
   * sentence's current work. False, and nothing queued, when the phrase was not offered.
   */
  choose(record: SentenceRecord, phraseId: string): boolean {
    if (!this.offered(record).includes(phraseId)) return false;
    this.lifecycle.after(record, async () => {
      if (await this.pipeline.choose(record, phraseId, this.output, { speed: this.speed })) {
        record.status = 'processed';
      }
    });
    return true;
  }

  /** The phrases offered for the sentence's latest revision. */
  offered(record: SentenceRecord): string[] {
    return this.pipeline.offeredPhrases(record);
  }

  /** A trigger_branch_c: the alternate speaker's translation, after the sentence's current work. */
  alternate(record: SentenceRecord): void {
    this.lifecycle.after(record, async () => {
      if (!record.text) {
        this.output.fail(record, 'Session', 'This sentence has no recognized text to translate.');
        return;
      }
      await this.pipeline.alternate(record, this.output);
    });
  }

  private async runBranches(
    record: SentenceRecord,
    speed: number,
    withBranchC = false,
    out = this.output,
  ) {
    const errorsBefore = record.errors.filter((e) => e.service !== 'Back-translation').length;
    await this.pipeline.translate(record, out, { speed });
    // Neither party's language: nothing to translate the other way either.
    if (withBranchC && !out.signal.aborted && record.outsideLanguage === undefined) {
      await this.pipeline.alternate(record, out);
    }
    const failed = record.errors.filter((e) => e.service !== 'Back-translation').length;
    record.status = failed > errorsBefore ? 'errored' : 'processed';
  }
}

/** The samples of a sentence whose transcript is known already (recognize() does not read them). */
const NO_SAMPLES = new Float32Array(0);

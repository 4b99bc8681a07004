import type { Sentence } from '../../audio/vad/sentence.js';
import type { KnownRole, SentenceRecord } from '../conversation/conversation.types.js';
import type { PipelineOutput, SentencePipeline } from '../pipeline/sentence-pipeline.js';
import type { ConversationStore } from './conversation-store.js';
import type { LiveSentences } from './live-sentences.js';
import type { SessionLifecycle } from './session-lifecycle.js';
import type { SessionReplies } from './session-replies.js';
import type { SessionSettings } from './session-settings.js';

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

  constructor(
    private readonly settings: SessionSettings,
    private readonly pipeline: SentencePipeline,
    private readonly conversation: ConversationStore,
    private readonly lifecycle: SessionLifecycle,
    replies: SessionReplies,
    /** The sentences seen while spoken: their ids and live transcripts. */
    private readonly live?: LiveSentences,
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

  /** A sentence of speech from the audio stream. */
  spoken(sentence: Sentence): void {
    const live = this.live?.take(sentence);
    const record = this.conversation.addSentence('audio', sentence, live?.id);
    const speed = this.speed;
    this.lifecycle.start(record, async () => {
      const hasText = await this.pipeline.recognize(
        record,
        sentence.samples,
        this.output,
        live?.transcript,
      );
      if (hasText) await this.runBranches(record, speed, this.settings.enableDualDirection);
    });
  }

  /** A typed sentence (text_input), by `role` when the client says who typed it. */
  typed(text: string, role: KnownRole | undefined): void {
    const record = this.conversation.addSentence('text');
    record.text = text.trim();
    const speed = this.speed;
    this.lifecycle.start(record, async () => {
      this.pipeline.acceptText(record, role, this.output);
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
      this.pipeline.reassign(record, role, this.settings.parties);
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

  private async runBranches(record: SentenceRecord, speed: number, withBranchC = false) {
    const errorsBefore = record.errors.filter((e) => e.service !== 'Back-translation').length;
    await this.pipeline.translate(record, this.output, { speed });
    // Neither party's language: nothing to translate the other way either.
    if (withBranchC && !this.output.signal.aborted && record.outsideLanguage === undefined) {
      await this.pipeline.alternate(record, this.output);
    }
    const failed = record.errors.filter((e) => e.service !== 'Back-translation').length;
    record.status = failed > errorsBefore ? 'errored' : 'processed';
  }
}

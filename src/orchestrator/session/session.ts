import { Logger } from '@nestjs/common';
import type { LiveAudioIntake } from '../../audio/stream/live-audio-intake.js';
import { describeFailure } from '../../common/errors/describe-failure.js';
import type { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import type { ArchiveBuilder } from '../archive/archive-builder.js';
import type { ConversationSnapshot, ServiceEnding } from '../conversation/conversation.types.js';
import type { SentencePipeline } from '../pipeline/sentence-pipeline.js';
import type { ClientMessageParser } from '../protocol/client-message-parser.js';
import { ConversationStore } from './conversation-store.js';
import { InputBackpressure } from './input-backpressure.js';
import { HeldReplies } from './held-replies.js';
import { LiveSentences } from './live-sentences.js';
import type { SentenceAtPause } from './sentence-at-pause.js';
import { finishedTurn } from './finished-turn.js';
import type { Transcript } from '../../transcription/transcription.service.js';
import { MessageRateLimit } from './message-rate-limit.js';
import { SentenceRunner } from './sentence-runner.js';
import { SessionAudio } from './session-audio.js';
import { SessionCommands } from './session-commands.js';
import { SessionReplies } from './session-replies.js';
import { type DrainLimit, duration, SessionLifecycle } from './session-lifecycle.js';
import type { SessionSettings } from '../protocol/session-settings.js';
import type { SessionLimits } from './session-settings.js';
import { CloseCode, type SessionTransport } from './session-transport.js';

export type { DrainLimit } from './session-lifecycle.js';

export interface SessionDependencies {
  readonly pipeline: SentencePipeline;
  readonly parser: ClientMessageParser;
  readonly archive: ArchiveBuilder;
  /** This session's own live audio stream: decoder, resampler and VAD. */
  readonly intake: LiveAudioIntake;
  readonly metrics: OrchestratorMetrics;
}

const logger = new Logger('Session');

/**
 * One conversation, from a successful handshake to its close: takes the client's audio and
 * messages in arrival order and answers them, and ends (exit, limits, shutdown). Its parts:
 * the ConversationStore (what was said, flagged, corrected), the SessionAudio (audio to sentences
 * through the LiveAudioIntake), the SessionCommands (what the client's messages do), the
 * SentenceRunner (sentences through the pipeline), the SessionLifecycle (state, timers,
 * concurrency, drain) and the SessionReplies (results as server messages). It never touches a
 * disk and logs no conversation content.
 */
export class Session {
  private readonly conversation: ConversationStore;
  private readonly lifecycle: SessionLifecycle;
  private readonly sentences: SentenceRunner;
  private readonly replies: SessionReplies;
  private readonly live: LiveSentences<SentenceAtPause>;
  private readonly audio: SessionAudio;
  private readonly commands: SessionCommands;
  /**
   * The client's input, audio frames and messages alike, handled one after the other in arrival
   * order, and so answered in that order: a typed sentence is numbered after the speech that came
   * before it, and what is refused after conversation_exit is answered after exit_acknowledged.
   */
  private inputChain: Promise<void> = Promise.resolve();
  private readonly backpressure: InputBackpressure;
  private audioAfterExitReported = false;
  private readonly messageRate = new MessageRateLimit();
  private readonly closedPromise: Promise<void>;
  private resolveClosed!: () => void;

  constructor(
    readonly settings: SessionSettings,
    private readonly limits: SessionLimits,
    private readonly deps: SessionDependencies,
    private readonly transport: SessionTransport,
  ) {
    this.closedPromise = new Promise((resolve) => (this.resolveClosed = resolve));
    this.conversation = new ConversationStore(settings, new Date());
    this.replies = new SessionReplies(
      transport,
      this.conversation.metrics,
      () => this.lifecycle.state === 'closed',
    );
    this.lifecycle = new SessionLifecycle(limits, this.conversation.metrics, {
      idle: () => this.onIdle(),
      maxDuration: () => this.onMaxDuration(),
      sentenceFailed: (record, error) => this.replies.fail(record, 'Session', error),
      sentenceFinished: (status) => this.deps.metrics.sentenceFinished(status),
      loadChanged: () => this.backpressure.update(),
    });
    this.backpressure = new InputBackpressure(
      transport,
      { maxQueuedSentences: limits.maxQueuedSentences, sampleRate: settings.sampleRate },
      () => this.lifecycle.queued,
      () => this.lifecycle.state === 'active',
      () => this.conversation.metrics.warnings++,
    );
    // Sentences are numbered at their onset and recognized while spoken when the engine can.
    const isClosed = () => this.lifecycle.state === 'closed';
    this.live = new LiveSentences<SentenceAtPause>({
      reserveId: () => this.conversation.reserveId(),
      startRecognition: (onPartial, channel) =>
        deps.pipeline.recognition.startLive(settings.parties, onPartial, channel),
      partial: (sentenceId, text) => this.replies.send({ kind: 'partial', sentenceId, text }),
      workAtPause: limits.workAtPause
        ? (sentenceId, transcript) => this.atPause(sentenceId, transcript)
        : undefined,
    });
    deps.intake.listen(this.live);
    this.sentences = new SentenceRunner(
      settings,
      deps.pipeline,
      this.conversation,
      this.lifecycle,
      this.replies,
      () => new HeldReplies(transport, this.conversation.metrics, isClosed, deps.metrics),
      this.live,
    );
    this.audio = new SessionAudio(
      deps.intake,
      this.sentences,
      this.replies,
      this.backpressure,
      isClosed,
    );
    this.commands = new SessionCommands(
      this.conversation,
      this.sentences,
      this.replies,
      this.audio,
      isClosed,
    );
  }

  get id(): string {
    return this.settings.id;
  }

  get startedAt(): Date {
    return this.conversation.startedAt;
  }

  /** Resolves once the session is closed and its data released. */
  get closed(): Promise<void> {
    return this.closedPromise;
  }

  get isActive(): boolean {
    return this.lifecycle.state === 'active';
  }

  /** Total bytes of audio received. */
  get receivedAudioBytes(): number {
    return this.audio.receivedBytes;
  }

  /** One binary frame: PCM s16le at the handshake's rate, any length. */
  handleAudio(bytes: Uint8Array): void {
    if (this.lifecycle.state !== 'active') {
      if (this.lifecycle.state === 'ending' && !this.audioAfterExitReported) {
        this.audioAfterExitReported = true;
        this.inOrder(() =>
          this.replies.sessionError(
            'Audio after conversation_exit is ignored; the session is ending.',
          ),
        );
      }
      return;
    }
    this.lifecycle.touch();
    const samples = this.audio.decode(bytes);
    if (samples.length === 0) return;
    this.backpressure.audioQueued(bytes.byteLength);
    this.inOrder(() => this.audio.feed(samples, bytes.byteLength));
    this.backpressure.update();
  }

  /** One text frame after the handshake. */
  handleText(frame: string): void {
    if (this.lifecycle.state === 'closed') return;
    if (!this.messageRate.take()) return this.tooManyMessages();
    const parsed = this.deps.parser.parseMessage(frame);
    if (!parsed.ok) {
      const { message } = parsed;
      this.inOrder(() => this.replies.sessionError(message));
      return;
    }
    if (this.lifecycle.state === 'ending') {
      this.inOrder(() =>
        this.replies.sessionError('The session is ending: no more messages are taken.'),
      );
      return;
    }
    this.lifecycle.touch();
    const message = parsed.message;
    // Ending starts now, so that what follows is refused; end() answers in order.
    if (message.type === 'conversation_exit') {
      void this.end(message.archive ?? true);
      return;
    }
    this.inOrder(() => this.commands.handle(message));
  }

  /**
   * Ends the session gracefully (conversation_exit, idle, maximum duration, server shutdown):
   * exit_acknowledged, the last sentence and every pipeline in flight drained, the archive if
   * asked, then the close. `notice` is sent first as a Session error, saying why it ends.
   */
  async end(
    archive: boolean,
    /** When the service ends the session itself: why (exit_acknowledged's reason), in words. */
    byService?: ServiceEnding,
    closeCode: number = CloseCode.Normal,
    /** How long the sentences in flight may take, and the setting that says so. */
    drain: DrainLimit = { ms: this.limits.drainTimeoutMs, setting: 'SESSION_DRAIN_TIMEOUT_MS' },
  ) {
    if (this.lifecycle.state !== 'active') return this.closedPromise;
    this.lifecycle.state = 'ending';
    this.lifecycle.clearTimers();
    this.backpressure.resume();
    // After the input that came before: the speech still held becomes the last sentence first
    // (milliseconds of VAD), so the acknowledgement counts it among the sentences whose results
    // are still to come; anything refused from now on is answered after it.
    await this.inOrder(async () => {
      if (byService) this.replies.sessionError(byService.notice);
      await this.audio.flush();
      this.replies.send({
        kind: 'exitAcknowledged',
        archive,
        pendingSentences: this.conversation.pendingCount,
        reason: byService?.reason ?? 'client',
      });
    });
    await this.drain(drain);
    if (archive && this.lifecycle.state === 'ending') await this.deliverArchive();
    await this.inputChain; // the last refusals, answered before the close
    if (this.lifecycle.state === 'ending') {
      this.transport.close(
        closeCode,
        closeCode === CloseCode.GoingAway ? 'server shutting down' : 'conversation ended',
      );
      this.release();
    }
    return this.closedPromise;
  }

  /** The connection closed (by the client, the network or the server): everything is released. */
  transportClosed(): void {
    if (this.lifecycle.state === 'closed') return;
    this.release();
  }

  /** The conversation as the archive shows it. */
  snapshot(): ConversationSnapshot {
    return this.conversation.snapshot();
  }

  /**
   * The speaker paused: the sentence's work begins on its transcript there and, with
   * END_OF_TURN=semantic, the sentence ends at once if that transcript reads as a finished turn
   * and the speaker has not spoken again meanwhile.
   */
  private atPause(
    sentenceId: string,
    transcript: Promise<Transcript | undefined>,
  ): SentenceAtPause {
    const work = this.sentences.atPause(sentenceId, transcript);
    if (this.limits.semanticEndOfTurn) {
      void transcript.then(
        (known) => {
          if (known && !work.cancelled && finishedTurn(known.text)) {
            // After the audio received so far: speech in it cancels the work, and the end.
            return this.inOrder(() => this.audio.endInPause(() => !work.cancelled));
          }
        },
        () => undefined,
      );
    }
    return work;
  }

  /** Queues one step of the client's input after the others (see `inputChain`). */
  private inOrder(step: () => void | Promise<void>): Promise<void> {
    this.inputChain = this.inputChain
      .then(() => (this.lifecycle.state === 'closed' ? undefined : step()))
      .catch((error: unknown) => {
        logger.error({ msg: 'session input failed', failure: describeFailure(error) });
      });
    return this.inputChain;
  }

  /** Waits for every pipeline, up to SESSION_DRAIN_TIMEOUT_MS; past it the rest is abandoned. */
  private async drain(limit: DrainLimit): Promise<void> {
    if (await this.lifecycle.drain(() => this.inputChain, limit)) return;
    const unfinished = this.conversation.pendingCount;
    this.lifecycle.abandon();
    this.replies.sessionError(
      `${unfinished} sentence(s) did not finish within ${limit.ms} ms of the end of the session and were abandoned (${limit.setting}).`,
    );
  }

  private async deliverArchive(): Promise<void> {
    try {
      const { filename, bytes } = await this.deps.archive.build(this.snapshot());
      if (this.lifecycle.state !== 'ending') return;
      this.replies.send({ kind: 'archive', filename, bytes });
    } catch (error) {
      logger.error({ msg: 'archive build failed', failure: describeFailure(error) });
      this.replies.send({
        kind: 'failure',
        service: 'Conversation Archive',
        message:
          'The conversation archive could not be built, so none is delivered; nothing of the conversation was kept on the server.',
      });
    }
  }

  /** A flood of messages: the client is told, and its session ends without archive (1008). */
  private tooManyMessages(): void {
    const { perSecond, burst } = this.messageRate;
    this.replies.sessionError(
      `Too many messages: at most ${perSecond} a second (${burst} at once). The session is closed; start a new one.`,
    );
    this.transport.close(CloseCode.PolicyViolation, 'too many messages');
    this.release();
  }

  private onIdle(): void {
    void this.end(false, {
      reason: 'idle_timeout',
      notice: `The session ended after ${duration(this.limits.idleTimeoutMs)} without audio or messages (SESSION_IDLE_TIMEOUT_MS); no archive is kept. Start a new session to go on.`,
    });
  }

  private onMaxDuration(): void {
    void this.end(true, {
      reason: 'max_duration',
      notice: `The session reached its maximum duration of ${duration(this.limits.maxDurationMs)} (SESSION_MAX_DURATION_MS) and ends; its archive follows. Start a new session to go on.`,
    });
  }

  /** Drops everything the session held; in-flight work finds the signal aborted. */
  private release(): void {
    const { metrics } = this.snapshot();
    this.deps.metrics.sessionEnded({
      sentencesProcessed: metrics.sentences_processed,
      sentencesEmpty: metrics.sentences_empty,
      sentencesErrored: metrics.sentences_errored,
      sentencesFlagged: metrics.sentences_flagged,
      peakConcurrentPipelines: metrics.peak_concurrent_pipelines,
      warnings: metrics.warnings,
      errors: metrics.errors,
      durationSeconds: (Date.now() - this.startedAt.getTime()) / 1000,
      audioBytes: this.audio.receivedBytes,
    });
    this.live.close();
    this.lifecycle.close();
    this.conversation.clear();
    this.resolveClosed();
  }
}

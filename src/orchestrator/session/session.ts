import { Logger } from '@nestjs/common';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Sentence, SentenceSegmenter } from '../../audio/vad/sentence-segmenter.js';
import type { PcmS16leDecoder } from '../../audio/stream/pcm-s16le-decoder.js';
import type { StreamResampler } from '../../audio/stream/stream-resampler.js';
import { floatToInt16 } from '../../audio/wav-encoder.js';
import { describeFailure } from '../../common/errors/describe-failure.js';
import type { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import type { ArchiveBuilder } from '../archive/archive-builder.js';
import type {
  ConversationSnapshot,
  FlagRecord,
  SentenceRecord,
  SentenceSource,
  SessionErrorService,
  SpeakerCorrection,
} from '../conversation/conversation.types.js';
import { failureMessage } from '../protocol/failure-message.js';
import type { PipelineOutput, SentencePipeline } from '../pipeline/sentence-pipeline.js';
import type { ClientMessage, ClientMessageParser } from '../protocol/client-message-parser.js';
import type {
  CorrectSpeakerMessageDto,
  FlagMessageDto,
  TextInputMessageDto,
} from '../protocol/dto/client-messages.dto.js';
import type { ServerMessage } from '../protocol/server-messages.js';
import { MessageRateLimit } from './message-rate-limit.js';
import { SessionMetrics } from './session-metrics.js';
import type { SessionLimits, SessionSettings } from './session-settings.js';
import { CloseCode, type SessionTransport } from './session-transport.js';
import { newSentenceRecord } from '../conversation/sentence-record.js';

export interface SessionDependencies {
  readonly pipeline: SentencePipeline;
  readonly parser: ClientMessageParser;
  readonly archive: ArchiveBuilder;
  /** This session's own VAD stream. */
  readonly segmenter: SentenceSegmenter;
  readonly decoder: PcmS16leDecoder;
  /** To 16 kHz, when the client's rate is another. */
  readonly resampler?: StreamResampler;
  readonly metrics: OrchestratorMetrics;
}

type State = 'active' | 'ending' | 'closed';

export interface DrainLimit {
  readonly ms: number;
  /** The setting that sets `ms`, named in the message when the limit is reached. */
  readonly setting: string;
}

const logger = new Logger('Session');
/** `5 minutes`, `1 minute`, `45 seconds`. */
const duration = (ms: number) => {
  const [value, unit] =
    ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
};

/**
 * One conversation, from a successful handshake to its close: the sentences (an ordered history and
 * a lookup by id over the same objects, interface §3), the flags and corrections, the speed, the
 * limits, and the pipelines in flight. It never touches a disk and logs no conversation content.
 */
export class Session {
  readonly startedAt = new Date();
  private state: State = 'active';
  private speed: number;
  private sentences: SentenceRecord[] = [];
  private byId = new Map<string, SentenceRecord>();
  /** Per sentence, the work still to come on it, so its results stay in pipeline order. */
  private chains = new Map<string, Promise<void>>();
  private flags: FlagRecord[] = [];
  private corrections: SpeakerCorrection[] = [];
  private readonly metrics = new SessionMetrics();
  private readonly limit: LimitFunction;
  private readonly abort = new AbortController();
  private readonly output: PipelineOutput;
  /**
   * The client's input, audio frames and messages alike, handled one after the other in arrival
   * order, and so answered in that order: a typed sentence is numbered after the speech that came
   * before it, and what is refused after conversation_exit is answered after exit_acknowledged.
   */
  private inputChain: Promise<void> = Promise.resolve();
  private queuedAudioBytes = 0;
  private inputPaused = false;
  private audioBytes = 0;
  private idleTimer?: NodeJS.Timeout;
  private durationTimer?: NodeJS.Timeout;
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
    this.speed = settings.speed;
    this.limit = pLimit(limits.pipelineConcurrency);
    this.closedPromise = new Promise((resolve) => (this.resolveClosed = resolve));
    this.output = {
      parties: settings.parties,
      signal: this.abort.signal,
      send: (message) => this.send(message),
      fail: (record, service, error) => this.fail(record, service, error),
      warn: (record, service, error) => this.warn(record, service, error),
    };
    this.idleTimer = setTimeout(() => this.onIdle(), limits.idleTimeoutMs);
    this.durationTimer = setTimeout(() => this.onMaxDuration(), limits.maxDurationMs);
  }

  get id(): string {
    return this.settings.id;
  }

  /** Resolves once the session is closed and its data released. */
  get closed(): Promise<void> {
    return this.closedPromise;
  }

  get isActive(): boolean {
    return this.state === 'active';
  }

  /** Total bytes of audio received. */
  get receivedAudioBytes(): number {
    return this.audioBytes;
  }

  /** One binary frame: PCM s16le at the handshake's rate, any length. */
  handleAudio(bytes: Uint8Array): void {
    if (this.state !== 'active') {
      if (this.state === 'ending' && !this.audioAfterExitReported) {
        this.audioAfterExitReported = true;
        this.inOrder(() =>
          this.sessionError('Audio after conversation_exit is ignored; the session is ending.'),
        );
      }
      return;
    }
    this.touch();
    this.audioBytes += bytes.byteLength;
    const samples = this.deps.decoder.push(bytes);
    if (samples.length === 0) return;
    this.queuedAudioBytes += bytes.byteLength;
    this.inOrder(() => this.feed(samples, bytes.byteLength));
    this.updateBackpressure();
  }

  /** One text frame after the handshake. */
  handleText(frame: string): void {
    if (this.state === 'closed') return;
    if (!this.messageRate.take()) return this.tooManyMessages();
    const parsed = this.deps.parser.parseMessage(frame);
    if (!parsed.ok) {
      const { message } = parsed;
      this.inOrder(() => this.sessionError(message));
      return;
    }
    if (this.state === 'ending') {
      this.inOrder(() => this.sessionError('The session is ending: no more messages are taken.'));
      return;
    }
    this.touch();
    const message = parsed.message;
    // Ending starts now, so that what follows is refused; end() answers in order.
    if (message.type === 'conversation_exit') {
      void this.end(message.archive ?? true);
      return;
    }
    this.inOrder(() => this.dispatch(message));
  }

  /**
   * Ends the session gracefully (conversation_exit, idle, maximum duration, server shutdown):
   * exit_acknowledged, the last sentence and every pipeline in flight drained, the archive if
   * asked, then the close. `notice` is sent first as a Session error, saying why it ends.
   */
  async end(
    archive: boolean,
    notice?: string,
    closeCode: number = CloseCode.Normal,
    /** How long the sentences in flight may take, and the setting that says so. */
    drain: DrainLimit = { ms: this.limits.drainTimeoutMs, setting: 'SESSION_DRAIN_TIMEOUT_MS' },
  ) {
    if (this.state !== 'active') return this.closedPromise;
    this.state = 'ending';
    this.clearTimers();
    this.resumeInputIfPaused();
    // After the input that came before: the speech still held becomes the last sentence first
    // (milliseconds of VAD), so the acknowledgement counts it among the sentences whose results
    // are still to come; anything refused from now on is answered after it.
    await this.inOrder(async () => {
      if (notice) this.sessionError(notice);
      await this.flushAudio();
      this.send({
        type: 'exit_acknowledged',
        archive,
        pending_sentences: this.sentences.filter((s) => s.status === 'pending').length,
      });
    });
    await this.drain(drain);
    if (archive && this.state === 'ending') await this.deliverArchive();
    await this.inputChain; // the last refusals, answered before the close
    if (this.state === 'ending') {
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
    if (this.state === 'closed') return;
    this.release();
  }

  /** Queues one step of the client's input after the others (see `inputChain`). */
  private inOrder(step: () => void | Promise<void>): Promise<void> {
    this.inputChain = this.inputChain
      .then(() => (this.state === 'closed' ? undefined : step()))
      .catch((error: unknown) => {
        logger.error({ msg: 'session input failed', failure: describeFailure(error) });
      });
    return this.inputChain;
  }

  private dispatch(
    message: Exclude<ClientMessage, { type: 'conversation_exit' }>,
  ): void | Promise<void> {
    switch (message.type) {
      case 'set_speed':
        this.speed = message.speed;
        this.send({ type: 'speed_updated', speed: message.speed });
        return;
      case 'flag':
        return this.flag(message);
      case 'correct_speaker':
        return this.correctSpeaker(message);
      case 'trigger_branch_c':
        return this.triggerBranchC(message.sentence_id);
      case 'text_input':
        return this.textInput(message);
    }
  }

  private flag(message: FlagMessageDto): void {
    const sentenceId = message.sentence_id ?? null;
    if (sentenceId !== null && !this.byId.has(sentenceId)) return this.sentenceNotFound(sentenceId);
    const flag: FlagRecord = {
      id: `f${this.flags.length + 1}`,
      type: message.flag_type,
      sentenceId,
      note: message.note,
      at: new Date().toISOString(),
    };
    this.flags.push(flag);
    this.send({
      type: 'flag_ack',
      flag_id: flag.id,
      flag_type: flag.type,
      sentence_id: sentenceId,
    });
  }

  private correctSpeaker({ sentence_id, role }: CorrectSpeakerMessageDto): void {
    const record = this.byId.get(sentence_id);
    if (!record) return this.sentenceNotFound(sentence_id);
    const previousRole = record.role;
    this.send({ type: 'correction_ack', sentence_id, role, previous_role: previousRole });
    this.corrections.push({ sentenceId: sentence_id, role, previousRole, at: nowIso() });
    // Re-translated once the sentence's current work is done, so its role is settled by then.
    this.after(record, async () => {
      if (!record.text || record.role === role) {
        record.role = record.text ? role : record.role;
        return;
      }
      this.deps.pipeline.reassign(record, role, this.settings.parties);
      record.revision++;
      await this.runBranches(record, this.speed);
    });
  }

  private triggerBranchC(sentenceId: string): void {
    const record = this.byId.get(sentenceId);
    if (!record) return this.sentenceNotFound(sentenceId);
    this.send({ type: 'branch_c_triggered', sentence_id: sentenceId });
    this.after(record, async () => {
      if (!record.text) {
        this.fail(record, 'Session', 'This sentence has no recognized text to translate.');
        return;
      }
      await this.deps.pipeline.alternate(record, this.output);
    });
  }

  private async textInput({ text, role }: TextInputMessageDto): Promise<void> {
    // Speech begun before this text arrived was said first: it is closed and numbered first.
    await this.cutAudio();
    if (this.state === 'closed') return;
    const record = this.newSentence('text');
    record.text = text.trim();
    const speed = this.speed;
    this.startPipeline(record, async () => {
      this.deps.pipeline.acceptText(record, role, this.output);
      await this.runBranches(record, speed, this.settings.enableDualDirection);
    });
  }

  private audioSentence(sentence: Sentence): void {
    const record = this.newSentence('audio', sentence);
    const speed = this.speed;
    this.startPipeline(record, async () => {
      const hasText = await this.deps.pipeline.recognize(record, sentence.samples, this.output);
      if (hasText) await this.runBranches(record, speed, this.settings.enableDualDirection);
    });
  }

  private async runBranches(record: SentenceRecord, speed: number, withBranchC = false) {
    const errorsBefore = record.errors.filter((e) => e.service !== 'Back-translation').length;
    await this.deps.pipeline.translate(record, this.output, { speed });
    if (withBranchC && !this.abort.signal.aborted) {
      await this.deps.pipeline.alternate(record, this.output);
    }
    const failed = record.errors.filter((e) => e.service !== 'Back-translation').length;
    record.status = failed > errorsBefore ? 'errored' : 'processed';
  }

  private newSentence(source: SentenceSource, sentence?: Sentence): SentenceRecord {
    const record = newSentenceRecord({
      id: `s${this.sentences.length + 1}`,
      source,
      detectedAt: nowIso(),
      startMs: sentence ? Math.round(sentence.speechStartMs) : undefined,
      endMs: sentence ? Math.round(sentence.speechEndMs) : undefined,
      inputAudio: sentence ? floatToInt16(sentence.samples) : undefined,
      text: '',
      language: this.settings.parties.medic.locale,
      role: 'unknown',
      status: 'pending',
    });
    this.sentences.push(record);
    this.byId.set(record.id, record);
    return record;
  }

  /** Runs a new sentence's pipeline within the session's concurrency. */
  private startPipeline(record: SentenceRecord, work: () => Promise<void>): void {
    const run = this.limit(async () => {
      if (this.abort.signal.aborted) return;
      this.metrics.pipelineStarted();
      try {
        await work();
      } finally {
        this.metrics.pipelineEnded();
        this.updateBackpressure();
      }
      if (!this.abort.signal.aborted && record.status !== 'pending') {
        this.deps.metrics.sentenceFinished(record.status);
      }
    });
    this.chains.set(record.id, this.guard(record, run));
    this.updateBackpressure();
  }

  /** Queues more work on a sentence after what it already has. */
  private after(record: SentenceRecord, work: () => Promise<void>): void {
    const previous = this.chains.get(record.id) ?? Promise.resolve();
    this.chains.set(record.id, this.guard(record, previous.then(work)));
  }

  /** A bug in a stage must not take the session down: it becomes the sentence's Session error. */
  private guard(record: SentenceRecord, work: Promise<void>): Promise<void> {
    return work.catch((error: unknown) => {
      logger.error({ msg: 'sentence pipeline failed', failure: describeFailure(error) });
      this.fail(record, 'Session', error);
      record.status = 'errored';
    });
  }

  private async feed(samples: Float32Array, byteLength: number): Promise<void> {
    try {
      if (this.state === 'closed') return;
      const audio = this.deps.resampler ? await this.deps.resampler.push(samples) : samples;
      if (audio.length === 0) return;
      for (const sentence of await this.deps.segmenter.push(audio)) this.audioSentence(sentence);
    } catch (error) {
      this.reportAudioFailure(error);
    } finally {
      this.queuedAudioBytes -= byteLength;
      this.updateBackpressure();
    }
  }

  /** A typed sentence arrived: the speech in progress becomes a sentence now (the stream goes on). */
  private async cutAudio(): Promise<void> {
    try {
      if (this.state === 'closed') return;
      for (const sentence of await this.deps.segmenter.cut()) this.audioSentence(sentence);
    } catch (error) {
      this.reportAudioFailure(error);
    }
  }

  /** End of the stream: the speech still held becomes the last sentence. */
  private async flushAudio(): Promise<void> {
    try {
      if (this.state === 'closed') return;
      const tail = this.deps.resampler ? await this.deps.resampler.flush() : undefined;
      const sentences = [
        ...(tail && tail.length > 0 ? await this.deps.segmenter.push(tail) : []),
        ...(await this.deps.segmenter.flush()),
      ];
      for (const sentence of sentences) this.audioSentence(sentence);
    } catch (error) {
      this.reportAudioFailure(error);
    }
  }

  private reportAudioFailure(error: unknown): void {
    logger.error({ msg: 'voice activity detection failed', failure: describeFailure(error) });
    this.send({
      type: 'error',
      service: 'ASR',
      message: failureMessage(
        error,
        'Voice activity detection failed on a piece of audio; it was skipped. The session goes on.',
      ),
    });
  }

  /** Waits for every pipeline, up to SESSION_DRAIN_TIMEOUT_MS; past it the rest is abandoned. */
  private async drain({ ms: timeoutMs, setting }: DrainLimit): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const work = (async () => {
      await this.inputChain;
      // Work queued meanwhile (the last sentence, a correction) is waited for too.
      let pending = this.pendingWork();
      for (;;) {
        await Promise.all(pending);
        const next = this.pendingWork();
        if (next.length === pending.length && next.every((p, i) => p === pending[i])) break;
        pending = next;
      }
    })();
    const outcome = await Promise.race([work.then(() => 'done' as const), deadline]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      const unfinished = this.sentences.filter((s) => s.status === 'pending').length;
      this.abort.abort();
      this.sessionError(
        `${unfinished} sentence(s) did not finish within ${timeoutMs} ms of the end of the session and were abandoned (${setting}).`,
      );
    }
  }

  private pendingWork(): Promise<void>[] {
    return [...this.chains.values()];
  }

  private async deliverArchive(): Promise<void> {
    try {
      const { filename, bytes } = await this.deps.archive.build(this.snapshot());
      if (this.state !== 'ending') return;
      this.send({
        type: 'conversation_archive',
        filename,
        size_bytes: bytes.byteLength,
        content_base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
          'base64',
        ),
      });
    } catch (error) {
      logger.error({ msg: 'archive build failed', failure: describeFailure(error) });
      this.send({
        type: 'error',
        service: 'Conversation Archive',
        message:
          'The conversation archive could not be built, so none is delivered; nothing of the conversation was kept on the server.',
      });
    }
  }

  /** The conversation as the archive shows it. */
  snapshot(): ConversationSnapshot {
    const { parties } = this.settings;
    return {
      sessionId: this.settings.id,
      startedAt: this.startedAt.toISOString(),
      endedAt: nowIso(),
      medic: { locale: parties.medic.locale, name: parties.medic.language.name },
      patient: {
        locale: parties.patient.locale,
        name: parties.patient.language.name,
        gender: parties.patientGender,
        ageCategory: parties.patientAgeCategory,
      },
      enableDualDirection: this.settings.enableDualDirection,
      sampleRate: this.settings.sampleRate,
      sentences: this.sentences,
      flags: this.flags,
      corrections: this.corrections,
      metrics: this.metrics.snapshot(this.sentences, this.flags),
    };
  }

  /** Sends a message; an `error` counts among the session's errors unless it is a warning. */
  private send(message: ServerMessage, warning = false): void {
    if (this.state === 'closed') return;
    if (message.type === 'error' && !warning) this.metrics.errors++;
    this.transport.send(message);
  }

  private fail(record: SentenceRecord, service: SessionErrorService, error: unknown): void {
    const message = failureMessage(
      error,
      typeof error === 'string' ? error : `The ${service} stage failed on this sentence.`,
    );
    record.errors.push({ service, message });
    if (record.status === 'pending') record.status = 'errored';
    this.send({ type: 'error', service, message, sentence_id: record.id });
  }

  private warn(record: SentenceRecord, service: SessionErrorService, error: unknown): void {
    this.metrics.warnings++;
    const message = failureMessage(error, `The ${service} stage failed on this sentence.`);
    record.errors.push({ service, message });
    this.send({ type: 'error', service, message, sentence_id: record.id }, true);
  }

  private sessionError(message: string): void {
    this.send({ type: 'error', service: 'Session', message });
  }

  /** A flood of messages: the client is told, and its session ends without archive (1008). */
  private tooManyMessages(): void {
    const { perSecond, burst } = this.messageRate;
    this.sessionError(
      `Too many messages: at most ${perSecond} a second (${burst} at once). The session is closed; start a new one.`,
    );
    this.transport.close(CloseCode.PolicyViolation, 'too many messages');
    this.release();
  }

  private sentenceNotFound(sentenceId: string): void {
    this.send({
      type: 'error',
      service: 'Session',
      message: 'Sentence not found',
      sentence_id: sentenceId.slice(0, 16),
    });
  }

  /** Too much waiting (sentences or audio): stop reading the client until it shrinks. */
  private updateBackpressure(): void {
    if (this.state !== 'active') return;
    const queued = this.limit.pendingCount;
    const audioSeconds = this.queuedAudioBytes / (2 * this.settings.sampleRate);
    const over = queued > this.limits.maxQueuedSentences || audioSeconds > 10;
    if (over && !this.inputPaused) {
      this.inputPaused = true;
      this.metrics.warnings++;
      this.transport.pauseInput();
    } else if (!over && this.inputPaused) {
      this.resumeInputIfPaused();
    }
  }

  private resumeInputIfPaused(): void {
    if (!this.inputPaused) return;
    this.inputPaused = false;
    this.transport.resumeInput();
  }

  private touch(): void {
    this.idleTimer?.refresh();
  }

  private onIdle(): void {
    void this.end(
      false,
      `The session ended after ${duration(this.limits.idleTimeoutMs)} without audio or messages (SESSION_IDLE_TIMEOUT_MS); no archive is kept. Start a new session to go on.`,
    );
  }

  private onMaxDuration(): void {
    void this.end(
      true,
      `The session reached its maximum duration of ${duration(this.limits.maxDurationMs)} (SESSION_MAX_DURATION_MS) and ends; its archive follows. Start a new session to go on.`,
    );
  }

  private clearTimers(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.durationTimer);
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
      audioBytes: this.audioBytes,
    });
    this.state = 'closed';
    this.clearTimers();
    this.abort.abort();
    this.limit.clearQueue();
    this.sentences = [];
    this.byId = new Map();
    this.chains = new Map();
    this.flags = [];
    this.corrections = [];
    this.resolveClosed();
  }
}

const nowIso = () => new Date().toISOString();

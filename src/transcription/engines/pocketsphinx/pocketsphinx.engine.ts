import { existsSync } from 'node:fs';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  EngineError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../../common/errors/engine.errors.js';
import { isDeadline } from '../../../common/timeout/with-timeout.js';
import {
  ASR_SAMPLE_RATE,
  AsrAudio,
  AsrChannel,
  AsrEngine,
  AsrStream,
  AsrTranscript,
  AsrUsage,
} from '../asr-engine.js';
import { cpuSecondsOf } from '../process-cpu.js';
import type { ProposingRecognizer } from '../proposing-recognizer.js';
import { readClinicalWords } from './clinical-words.js';
import { DecoderForkServer } from './decoder-fork-server.js';
import { answerTranscript, LOW_CONFIDENCE, MIN_CONFIDENCE } from './pocketsphinx-confidence.js';
import { type PocketsphinxOptions, SETUP_HINT, workerCommand } from './pocketsphinx-options.js';
import { PocketsphinxStream, StreamPool } from './pocketsphinx-stream.js';
import {
  encodeRequest,
  PocketsphinxWorker,
  WorkerAnswer,
  WorkerCommand,
} from './pocketsphinx-worker.js';
import { SegmentQueue } from './segment-queue.js';

const SERVICE = 'Transcription';
const ENGINE = 'pocketsphinx';
const LOCALE = 'en-US';

interface Slot {
  /** A live slot's decoder serves streams only; the others serve whole segments only. */
  readonly live: boolean;
  worker?: PocketsphinxWorker;
  /** Consecutive start failures, for the restart back-off. */
  failures: number;
  timer?: NodeJS.Timeout;
}

const MAX_RESTART_DELAY_MS = 30_000;
const STOP_GRACE_MS = 1_000;

/**
 * The embedded recognizer: Debian's pocketsphinx with the en-us model, in a pool of persistent
 * Python workers (the model takes about 0.5 s to load, so processes are kept). Requests wait in
 * a FIFO queue for a free decoder; a request whose signal aborts while decoding has its decoder
 * killed and replaced, since a decoder cannot be stopped mid-utterance.
 *
 * Sentences decoded while spoken (openStream) have decoders of their own, `liveDecoders` of
 * them, each held for a whole sentence: a held decoder mostly waits for speech (it decodes about
 * ten times faster than real time), so their number is bounded by memory, not cores, and keeping
 * them apart means streams never make whole segments wait nor the other way round. When none is
 * free, openStream answers undefined and the caller decodes the sentence whole.
 */
export class PocketsphinxEngine
  implements AsrEngine, ProposingRecognizer, OnModuleInit, OnModuleDestroy
{
  readonly name = ENGINE;
  readonly lowConfidenceBelow = LOW_CONFIDENCE;
  private readonly logger = new Logger(PocketsphinxEngine.name);
  private readonly slots: Slot[];
  private readonly segments = new SegmentQueue({
    transcript: (answer) => this.transcript(answer),
    timeout: (signal, since, queued) => this.timeout(signal, since, queued),
    failed: (reason) => this.unavailable(`a decoder ${reason}.`, SETUP_HINT),
    dispatch: () => this.dispatch(),
  });
  private readonly command: WorkerCommand;
  /** Loads the model once and forks every decoder from it. */
  private readonly server: DecoderForkServer;
  private readonly minConfidence: number;
  private readonly maxQueue: number;
  private readonly restartDelayMs: number;
  /** What the streams need of the engine (see StreamPool). */
  private readonly streamPool: StreamPool;
  /** The sentence each leased live decoder is decoding. */
  private readonly streams = new Map<PocketsphinxWorker, PocketsphinxStream>();
  /** Decoders killed on purpose (a stream's deadline): their exit is no news. */
  private readonly killed = new WeakSet<PocketsphinxWorker>();
  private lastStartFailure?: string;
  private closed = false;

  constructor(private readonly options: PocketsphinxOptions) {
    const live = Math.max(0, options.liveDecoders ?? 0);
    this.slots = [
      ...Array.from({ length: Math.max(1, options.poolSize) }, () => ({
        live: false,
        failures: 0,
      })),
      ...Array.from({ length: live }, () => ({ live: true, failures: 0 })),
    ];
    this.command = workerCommand(options, this.logger);
    const { python, script, modelDir, clinicalDir } = this.command;
    this.server = new DecoderForkServer({
      python,
      script,
      args: [modelDir, ...(clinicalDir ? [clinicalDir] : [])],
    });
    this.minConfidence = options.minConfidence ?? MIN_CONFIDENCE;
    this.maxQueue = options.maxQueue ?? 16 * this.wholeSlots().length;
    this.restartDelayMs = options.restartDelayMs ?? 1_000;
    this.streamPool = {
      redecodeBelow:
        options.redecodeBelow === null ? undefined : (options.redecodeBelow ?? LOW_CONFIDENCE),
      transcript: (answer) => this.transcript(answer),
      failed: (reason) => this.unavailable(`a decoder ${reason} while transcribing.`, SETUP_HINT),
      timedOut: (signal, since) => this.timeout(signal, since, false),
      release: (worker, kill) => {
        this.streams.delete(worker);
        if (kill && !worker.exited) {
          this.killed.add(worker);
          worker.kill();
        }
      },
    };
  }

  languages(): readonly string[] {
    return [LOCALE];
  }

  /**
   * Starts the decoders for whole segments and one live decoder, and waits until they can decode,
   * so the first request is fast. The other live decoders start as sentences take them (see
   * keepSpareLiveDecoder): an idle server holds none of them.
   */
  async onModuleInit(): Promise<void> {
    if (!existsSync(this.command.script)) {
      this.logger.error(
        `The pocketsphinx worker ${this.command.script} is missing: the build must copy it (nest-cli.json assets)`,
      );
    }
    const started = Date.now();
    const firstLive = this.slots.find((slot) => slot.live);
    const starting = this.slots.filter((slot) => !slot.live || slot === firstLive);
    const results = await Promise.allSettled(starting.map((slot) => this.spawn(slot).ready));
    const ready = results.filter((r) => r.status === 'fulfilled').length;
    const loads = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (ready === 0) {
      this.logger.error(
        `No pocketsphinx decoder could start: ${this.lastStartFailure}. ${SETUP_HINT}`,
      );
      return;
    }
    const live = this.slots.filter((slot) => slot.live).length;
    this.logger.log(
      `Pocketsphinx ready: ${ready}/${starting.length} decoders (${firstLive ? 1 : 0} of ${live} for live sentences; the others start as sentences need them) in ${Date.now() - started} ms (model load ${Math.max(...loads)} ms)`,
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }

  /** Fails what is waiting or decoding and stops every decoder. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const shutDown = () => this.unavailable('was shut down.');
    const decoding = this.segments.failAll(shutDown);
    for (const stream of this.streams.values()) stream.fail(shutDown());
    const stopping: Promise<void>[] = [];
    for (const slot of this.slots) {
      clearTimeout(slot.timer);
      // A decoder mid-utterance is killed; an idle one ends at the end of its input.
      if (slot.worker && (decoding.has(slot.worker) || this.streams.has(slot.worker))) {
        slot.worker.kill();
      }
      if (slot.worker) stopping.push(slot.worker.stop(STOP_GRACE_MS));
    }
    this.streams.clear();
    await Promise.all(stopping);
    await this.server.close();
  }

  /** Process ids of the decoders (those for whole segments, or live ones), for tests and diagnostics. */
  workerPids(which: 'all' | 'whole' | 'live' = 'all'): number[] {
    return this.slots.flatMap((slot) =>
      (which === 'all' || slot.live === (which === 'live')) &&
      slot.worker &&
      !slot.worker.exited &&
      slot.worker.pid
        ? [slot.worker.pid]
        : [],
    );
  }
  /** CPU time of the decoders running now (a replaced decoder's time goes with it). */
  usage(): AsrUsage {
    return { cpuSeconds: cpuSecondsOf(this.workerPids()) };
  }

  /**
   * The words of the clinical vocabulary (clinical-words.ts), the stock model's runs included:
   * what the combined engine counts as clinical evidence does not depend on this run's model.
   */
  clinicalWords(): ReadonlySet<string> {
    return readClinicalWords();
  }

  /** Process id of the fork server that loads the model and forks the decoders, while it runs. */
  get forkServerPid(): number | undefined {
    return this.server.pid;
  }

  /** How many decoders are decoding a whole segment now, for tests and diagnostics. */
  get busyDecoders(): number {
    return this.segments.busy;
  }

  /** Waits until every decoder that can start has started (e.g. after one was replaced). */
  async ready(): Promise<void> {
    await Promise.allSettled(this.slots.map((slot) => slot.worker?.ready));
  }

  transcribe({ samples }: AsrAudio, signal: AbortSignal): Promise<AsrTranscript> {
    if (this.closed) return Promise.reject(this.unavailable('was shut down.'));
    if (signal.aborted) return Promise.reject(this.timeout(signal, Date.now(), true));
    if (samples.length === 0) return Promise.resolve({ text: '' });
    if (samples.length * 2 > 0xffff_ffff) {
      return Promise.reject(this.unavailable('cannot take a segment over 4 GB.'));
    }
    if (!this.canStart()) {
      return Promise.reject(
        this.unavailable(`could not start a decoder (${this.lastStartFailure}).`, SETUP_HINT),
      );
    }
    if (this.segments.length >= this.maxQueue) {
      return Promise.reject(
        this.unavailable(
          `is busy: ${this.segments.length} segments are already waiting for a decoder.`,
          `Raise ASR_POOL_SIZE (currently ${this.wholeSlots().length}) on a machine with more cores, or use ASR_ENGINE=openai.`,
        ),
      );
    }
    return this.segments.add(encodeRequest(samples), signal);
  }

  /**
   * Leases a free live decoder for one sentence; undefined when there is none (all held, starting
   * or restarting, or liveDecoders is 0): the caller then decodes the sentence whole.
   */
  openStream(
    _localeHints: readonly string[],
    onPartial?: (text: string) => void,
    channel?: AsrChannel,
  ): AsrStream | undefined {
    if (this.closed) return undefined;
    const worker = this.slots.find(
      (slot) => slot.live && slot.worker?.idle && slot.worker.canStream,
    )?.worker;
    if (!worker) return undefined;
    const stream = new PocketsphinxStream(
      worker,
      this.streamPool,
      onPartial,
      this.options.now,
      channel,
    );
    this.streams.set(worker, stream);
    this.keepSpareLiveDecoder();
    return stream;
  }

  /**
   * Live decoders start one ahead of need: when no started one is left free for the next
   * sentence, one more starts (forked from the loaded model, ready in tens of milliseconds), up
   * to liveDecoders. Once started, a decoder stays.
   */
  private keepSpareLiveDecoder(): void {
    if (this.closed) return;
    const live = this.slots.filter((slot) => slot.live);
    const spare = live.some(
      (slot) =>
        slot.timer || (slot.worker && !slot.worker.exited && !this.streams.has(slot.worker)),
    );
    const unstarted = live.find((slot) => !slot.worker && !slot.timer);
    if (!spare && unstarted) this.spawn(unstarted);
  }

  /** Live decoders free for a sentence right now, for tests and diagnostics. */
  freeLiveDecoders(): number {
    return this.slots.filter((slot) => slot.live && slot.worker?.idle && slot.worker.canStream)
      .length;
  }

  /** Recognizes half a second of faint noise through a decoder. */
  async probe(): Promise<void> {
    const samples = new Float32Array(ASR_SAMPLE_RATE / 2);
    let seed = 1;
    for (let i = 0; i < samples.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      samples[i] = (seed / 2 ** 31 - 0.5) * 0.002;
    }
    await this.transcribe(
      { samples, localeHints: [LOCALE] },
      AbortSignal.timeout(this.options.timeoutMs),
    );
  }

  private spawn(slot: Slot): PocketsphinxWorker {
    const worker = new PocketsphinxWorker(
      this.server,
      this.command.startTimeoutMs,
      (exited, reason) => this.onWorkerExit(slot, exited, reason),
    );
    slot.worker = worker;
    worker.ready.then(
      () => {
        slot.failures = 0;
        this.dispatch();
      },
      () => undefined, // handled in onWorkerExit
    );
    return worker;
  }

  private onWorkerExit(slot: Slot, worker: PocketsphinxWorker, reason: string): void {
    if (slot.worker !== worker || this.closed) return;
    slot.worker = undefined;
    const failure = () => this.unavailable(`a decoder ${reason} while transcribing.`, SETUP_HINT);
    const cancelled = this.segments.decoderExited(worker, failure);
    const stream = this.streams.get(worker);
    this.streams.delete(worker);
    stream?.fail(failure());
    if (worker.loaded) {
      // It had been running (crashed, or killed on a deadline): replace it at once.
      if (!cancelled && !this.killed.has(worker))
        this.logger.warn(`A pocketsphinx decoder ${reason}; starting a new one`);
      this.spawn(slot);
      return;
    }
    slot.failures++;
    this.lastStartFailure = reason;
    this.logger.error(`A pocketsphinx decoder ${reason}. ${SETUP_HINT}`);
    if (!this.canStart()) {
      this.segments.failWaiting(
        this.unavailable(`could not start a decoder (${this.lastStartFailure}).`, SETUP_HINT),
      );
    }
    const delay = Math.min(this.restartDelayMs * 2 ** (slot.failures - 1), MAX_RESTART_DELAY_MS);
    slot.timer = setTimeout(() => {
      slot.timer = undefined;
      if (!this.closed) this.spawn(slot);
    }, delay);
    slot.timer.unref();
  }

  /** Whether some whole-segment decoder runs or is starting (not all waiting out a start failure). */
  private canStart(): boolean {
    return this.wholeSlots().some((slot) => slot.worker !== undefined);
  }

  private wholeSlots(): Slot[] {
    return this.slots.filter((slot) => !slot.live);
  }
  /** Gives each idle whole-segment decoder the next segment waiting. */
  private dispatch(): void {
    for (const slot of this.slots) {
      const worker = slot.worker;
      if (slot.live || !worker?.idle) continue;
      if (!this.segments.next(worker)) return;
    }
  }

  /** A worker's answer as a transcript: a text under the confidence floor is dropped. */
  private transcript(answer: WorkerAnswer): AsrTranscript {
    return answerTranscript(answer, this.minConfidence, LOCALE);
  }

  private timeout(signal: AbortSignal, since: number, queued: boolean): EngineError {
    const where = queued ? ' (the segment was still waiting for a free decoder)' : '';
    const message = isDeadline(signal.reason)
      ? `did not answer within ${this.options.timeoutMs} ms${where}.`
      : `was cancelled after ${Date.now() - since} ms${where}.`;
    return new EngineTimeoutError(
      SERVICE,
      ENGINE,
      message,
      `Raise ASR_TIMEOUT_MS (currently ${this.options.timeoutMs}) or ASR_POOL_SIZE (currently ${this.wholeSlots().length}, one decoder per core).`,
    );
  }

  private unavailable(message: string, hint?: string): EngineError {
    return new EngineUnavailableError(SERVICE, ENGINE, message, hint);
  }
}

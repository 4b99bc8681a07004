import { availableParallelism } from 'node:os';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EngineError, EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { CheckedVoices } from './checked-voices.js';
import {
  audible,
  engineStopped,
  ProcessFailure,
  SpeechProcesses,
  speechFailure,
  toSpeech,
} from './speech-process.js';
import {
  compareVoices,
  EngineSynthesis,
  SynthesizedAudio,
  TtsEngine,
  Voice,
} from './tts-engine.js';
import { VoiceGender } from '../../language/speech-settings.js';

const SERVICE = 'TTS';
/** Deadline of the start-up check of the voices. */
const PROBE_TIMEOUT_MS = 30_000;
/** The range of duration stretch the engines are asked for; time-stretch does the rest. */
export const MIN_DURATION_STRETCH = 0.5;
export const MAX_DURATION_STRETCH = 2;

/** One voice of the engine's own: the (language, gender) it speaks and the engine's name of it. */
export interface FixedVoice extends Voice {
  /** The engine's name of the voice, e.g. `slt`, `lp_diphone`. */
  readonly id: string;
}

export interface FixedVoicesOptions {
  /** TTS_TIMEOUT_MS, for the messages. */
  readonly timeoutMs: number;
  /** Most processes at once; default twice the cores. */
  readonly concurrency?: number;
  /** The program to run; tests replace it. */
  readonly command?: string;
}

/**
 * How a speed multiplier is reached by an engine that lengthens its phones: a duration stretch of
 * 1 / speed within 0.5–2 (< 1: faster), then, for what that range cannot give (below 0.5× or above
 * 2×), a pitch-keeping time-stretch of the audio by `stretch` (> 1: faster).
 */
export function durationRate(speed: number): { duration: number; stretch: number } {
  const duration = Math.min(MAX_DURATION_STRETCH, Math.max(MIN_DURATION_STRETCH, 1 / speed));
  const stretch = speed * duration;
  return { duration, stretch: Math.abs(stretch - 1) < 0.01 ? 1 : stretch };
}

/** Whether a text has anything to say (a letter or a digit). */
function speakable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** The working voices checked in this process, by program, voices and sample. */
const CHECKED = new CheckedVoices<readonly FixedVoice[]>();

/**
 * An engine with a fixed set of voices (flite's, festival's): one process per synthesis, the text
 * on stdin, the WAV on stdout. Each voice is checked once, in the background from start-up on: it
 * is listed only if a sample sentence came out as audible speech. The result is kept for the life
 * of the process, also when no voice works (the program is not installed): the embedded engine
 * then speaks those languages with espeak-ng.
 */
export abstract class FixedVoicesEngine implements TtsEngine, OnModuleInit, OnModuleDestroy {
  abstract readonly name: string;
  protected abstract readonly logger: Logger;
  /** The voices the engine may have, sorted. */
  protected abstract readonly candidates: readonly FixedVoice[];
  /** A sentence in each of the voices' languages, for the start-up check. */
  protected abstract readonly probeTexts: Readonly<Record<string, string>>;
  /** The sample rate of the program's WAV, for an empty one. */
  protected abstract readonly sampleRate: number;
  protected abstract readonly installHint: string;
  protected readonly processes: SpeechProcesses;
  private checked?: Promise<readonly FixedVoice[]>;

  constructor(protected readonly options: FixedVoicesOptions) {
    this.processes = new SpeechProcesses(options.concurrency ?? 2 * availableParallelism());
  }

  /** The program and its arguments for one voice at a duration stretch (< 1: faster). */
  protected abstract command(voice: FixedVoice, duration: number): [string, ...string[]];
  /** The text as the program reads it on stdin, for one voice. */
  protected abstract input(text: string, voice: FixedVoice): string | Buffer;

  /** Starts checking the voices at once, so the first request does not wait for it. */
  onModuleInit(): void {
    void this.workingVoices();
  }

  onModuleDestroy(): void {
    this.processes.close();
  }

  async voices(): Promise<readonly Voice[]> {
    return (await this.workingVoices()).map(({ language, gender }) => ({ language, gender }));
  }

  async synthesize(request: EngineSynthesis, signal: AbortSignal): Promise<SynthesizedAudio> {
    const started = Date.now();
    const voice = this.find(await this.workingVoices(), request.language, request.gender);
    if (!voice) {
      throw new EngineUnavailableError(
        SERVICE,
        this.name,
        `has no ${request.gender} voice for '${request.language}'.`,
      );
    }
    const { duration, stretch } = durationRate(request.speed);
    try {
      if (signal.aborted) throw signal.reason;
      if (!speakable(request.text)) return toSpeech(Buffer.alloc(0), 1, this.sampleRate);
      const output = await this.run(voice, duration, request.text, signal);
      const audio = toSpeech(output, stretch, this.sampleRate);
      // Some programs give up on a text they cannot read with no error, only no audio.
      if (audio.durationMs === 0) throw new ProcessFailure('wrote no audio for the text');
      return audio;
    } catch (error) {
      throw this.failure(error, signal, started);
    }
  }

  private find(voices: readonly FixedVoice[], language: string, gender: VoiceGender) {
    return voices.find((voice) => voice.language === language && voice.gender === gender);
  }

  private run(voice: FixedVoice, duration: number, text: string, signal: AbortSignal) {
    const [program, ...args] = this.command(voice, duration);
    return this.processes.run(program, args, this.input(text, voice), signal);
  }

  private workingVoices(): Promise<readonly FixedVoice[]> {
    if (!this.checked) {
      const key = JSON.stringify([
        this.probeTexts,
        ...this.candidates.map((v) => this.command(v, 1)),
      ]);
      this.checked = CHECKED.get(key, () => this.probe());
      // Only a shutdown in the middle is not kept (it says nothing of the voices).
      this.checked.catch(() => (this.checked = undefined));
    }
    return this.checked;
  }

  private async probe(): Promise<readonly FixedVoice[]> {
    const started = Date.now();
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const failures: string[] = [];
    const results = await Promise.all(
      this.candidates.map(async (voice) => {
        try {
          const output = await this.run(voice, 1, this.probeTexts[voice.language], signal);
          if (audible(output)) return voice;
          failures.push(`${voice.id}: no audible speech`);
        } catch (error) {
          failures.push(`${voice.id}: ${this.failure(error, signal, started).message}`);
        }
        return undefined;
      }),
    );
    if (this.processes.closed) throw engineStopped(this.name);
    const working = results.filter((voice): voice is FixedVoice => voice !== undefined);
    this.logger.log({
      msg: `${this.name} voices checked`,
      voices: working.map((voice) => `${voice.language}:${voice.gender}=${voice.id}`),
      leftOut: failures,
      ms: Date.now() - started,
    });
    return working.sort(compareVoices);
  }

  private failure(error: unknown, signal: AbortSignal, started: number): EngineError {
    return speechFailure(error, {
      engine: this.name,
      signal,
      started,
      closed: this.processes.closed,
      timeoutMs: this.options.timeoutMs,
      installHint: this.installHint,
    });
  }
}

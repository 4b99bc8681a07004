import { availableParallelism } from 'node:os';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EngineError, EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { CheckedVoices } from './checked-voices.js';
import {
  type EspeakVoiceStore,
  type VoiceCheckInputs,
  voiceCheckKey,
  type VoiceTable,
} from './espeak-voice-store.js';
import { prepareEspeakText } from './espeak-text.js';
import {
  CatalogSpeechLanguage,
  chooseEspeakVoices,
  EspeakCandidate,
  parseEspeakVoices,
  sampleText,
  switchesLanguage,
} from './espeak-voices.js';
import {
  audible,
  engineStopped,
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
import { VOICE_GENDERS, VoiceGender } from '../../language/speech-settings.js';

const SERVICE = 'TTS';
const ENGINE = 'espeak-ng';
const INSTALL_HINT = 'Install the Debian package espeak-ng (npm run setup does).';

/** espeak-ng's normal rate and the range of its `-s` setting, in words per minute. */
export const ESPEAK_NORMAL_WPM = 175;
export const ESPEAK_MIN_WPM = 80;
export const ESPEAK_MAX_WPM = 450;
/** The sample rate espeak-ng writes. */
const ESPEAK_SAMPLE_RATE = 22050;
/** The variant files (`espeak-ng --voices=variant`) of each gender: `female3`, `male3`. */
export const ESPEAK_VARIANTS: Readonly<Record<VoiceGender, string>> = { female: 'f3', male: 'm3' };
/** Deadline of one language's checks, queue included (they share the process slots). */
const PROBE_TIMEOUT_MS = 30_000;

export interface EspeakNgOptions {
  /** TTS_TIMEOUT_MS, for the messages. */
  readonly timeoutMs: number;
  /** Most espeak-ng processes at once (synthesis and probes); default twice the cores. */
  readonly concurrency?: number;
  /** The program to run; tests replace it. */
  readonly command?: string;
  /** The voices the set-up checked, read instead of checking them again when still current. */
  readonly voiceStore?: EspeakVoiceStore;
}

/**
 * How a speed multiplier is reached: espeak-ng's `-s` rate (175 wpm × speed, within its 80–450 wpm
 * range), then, for what the range cannot give (below 0.46× or above 2.57×), a pitch-keeping
 * time-stretch of the audio by `stretch` (> 1: faster).
 */
export function espeakRate(speed: number): { wpm: number; stretch: number } {
  const wanted = ESPEAK_NORMAL_WPM * speed;
  const wpm = Math.round(Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, wanted)));
  const stretch = wanted / wpm;
  return { wpm, stretch: Math.abs(stretch - 1) < 0.01 ? 1 : stretch };
}

/** The voice tables checked in this process, by program and languages. */
const CHECKED = new CheckedVoices<VoiceTable>();

/**
 * The embedded engine: one `espeak-ng --stdout` process per synthesis, the text on stdin (never
 * an argument: no length limit, invisible to `ps`), the WAV read from stdout. Pipes only, no file.
 *
 * Voices: the catalog languages espeak-ng has a voice for (see chooseEspeakVoices), each checked
 * once, in the background from start-up on: a sample in the language must be read without
 * espeak-ng switching to another language (it does so for scripts it cannot read, e.g. Chinese
 * characters it has no entry for), and each gender's voice must produce audible speech, the female
 * one differing from the male one. Only voices that pass are listed or spoken.
 */
export class EspeakNgEngine implements TtsEngine, OnModuleInit, OnModuleDestroy {
  readonly name = ENGINE;
  private readonly logger = new Logger('EspeakNgEngine');
  private readonly processes: SpeechProcesses;
  private readonly command: string;
  private table?: Promise<VoiceTable>;

  constructor(
    private readonly options: EspeakNgOptions,
    private readonly languages: readonly CatalogSpeechLanguage[],
  ) {
    this.processes = new SpeechProcesses(options.concurrency ?? 2 * availableParallelism());
    this.command = options.command ?? 'espeak-ng';
  }

  /** Starts checking the voices at once, so the first request does not wait for it. */
  onModuleInit(): void {
    this.voices().catch(() => undefined);
  }

  onModuleDestroy(): void {
    this.processes.close();
  }

  async voices(): Promise<readonly Voice[]> {
    return (await this.voiceTable()).voices;
  }

  async synthesize(request: EngineSynthesis, signal: AbortSignal): Promise<SynthesizedAudio> {
    const started = Date.now();
    const file = (await this.voiceTable()).files.get(request.language);
    if (!file) {
      throw new EngineUnavailableError(SERVICE, ENGINE, `has no voice for '${request.language}'.`);
    }
    const { wpm, stretch } = espeakRate(request.speed);
    const text = prepareEspeakText(request.text);
    try {
      const output = await this.run(this.args(file, request.gender, wpm), text, signal);
      return toSpeech(output, stretch, ESPEAK_SAMPLE_RATE);
    } catch (error) {
      throw this.failure(error, signal, started);
    }
  }

  private args(file: string, gender: VoiceGender, wpm = ESPEAK_NORMAL_WPM): string[] {
    // -b 1: the input is UTF-8. No -m: markup is read as text.
    return ['--stdout', '-b', '1', '-v', `${file}+${ESPEAK_VARIANTS[gender]}`, '-s', String(wpm)];
  }

  private voiceTable(): Promise<VoiceTable> {
    if (!this.table) {
      const store = this.options.voiceStore?.file ?? '';
      const key = [this.command, store, ...this.languages.map((l) => l.bcp47)].join(' ');
      this.table = CHECKED.get(key, () => this.probeVoices());
      // A failure (e.g. espeak-ng missing) is not kept: the next call tries again.
      this.table.catch(() => (this.table = undefined));
    }
    return this.table;
  }

  /**
   * Checks every voice, whatever is stored, and says what the result depends on: what the set-up
   * stores (scripts/espeak-voice-table.mjs).
   */
  async checkVoices(): Promise<{ table: VoiceTable; inputs: VoiceCheckInputs }> {
    const started = Date.now();
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const inputs = await this.checkInputs(signal, started);
    return { table: await this.probeListed(inputs.listing, started), inputs };
  }

  private async probeVoices(): Promise<VoiceTable> {
    const started = Date.now();
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const store = this.options.voiceStore;
    if (!store) return this.probeListed(await this.listing(signal, started), started);
    const inputs = await this.checkInputs(signal, started);
    const stored = store.read(voiceCheckKey(inputs));
    if (!stored) return this.probeListed(inputs.listing, started);
    this.logger.log({
      msg: 'espeak-ng voices as the set-up checked them',
      voices: stored.voices.length,
      languages: stored.files.size,
      ms: Date.now() - started,
    });
    return stored;
  }

  private async listing(signal: AbortSignal, started: number): Promise<string> {
    try {
      return (await this.run(['--voices'], '', signal)).toString('utf8');
    } catch (error) {
      throw this.failure(error, signal, started);
    }
  }

  /** espeak-ng's version and voice listing, and the languages asked for. */
  private async checkInputs(signal: AbortSignal, started: number): Promise<VoiceCheckInputs> {
    let version: Buffer;
    try {
      version = await this.run(['--version'], '', signal);
    } catch (error) {
      throw this.failure(error, signal, started);
    }
    return {
      version: version.toString('utf8').trim(),
      listing: await this.listing(signal, started),
      languages: this.languages.map((l) => l.bcp47),
    };
  }

  /** Checks each voice of the listing that a catalog language wants. */
  private async probeListed(listing: string, started: number): Promise<VoiceTable> {
    const candidates = chooseEspeakVoices(parseEspeakVoices(listing), this.languages);
    const checked = await Promise.all(candidates.map((candidate) => this.probe(candidate)));
    const voices = checked.flat().sort(compareVoices);
    const files = new Map(
      candidates
        .filter((c) => voices.some((voice) => voice.language === c.language))
        .map((c) => [c.language, c.file]),
    );
    // Probes killed by the shutdown say nothing of the voices: no list, rather than a wrong one.
    if (this.processes.closed) throw engineStopped(ENGINE);
    if (voices.length === 0) {
      // Not kept either: listing no voice at all would turn every request into a 422.
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        'has no working voice: no language it lists produced audio.',
        'Check that the Debian packages espeak-ng and espeak-ng-data are installed (npm run setup).',
      );
    }
    const left = candidates.filter((c) => !files.has(c.language)).map((c) => c.language);
    this.logger.log({
      msg: 'espeak-ng voices checked',
      voices: voices.length,
      languages: files.size,
      leftOut: left,
      ms: Date.now() - started,
    });
    return { voices, files };
  }

  /** The voices of one candidate language that pass the checks (none when the language fails). */
  private async probe({ language, file }: EspeakCandidate): Promise<Voice[]> {
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    try {
      const sample = sampleText(language);
      if (sample !== undefined) {
        // Words of the language read through another one: espeak-ng cannot read its script.
        const phonemes = await this.run(['-q', '-x', '-b', '1', '-v', file], sample, signal);
        if (switchesLanguage(phonemes.toString('utf8'))) return [];
      }
      const text = prepareEspeakText(
        sample ?? this.languages.find((l) => l.iso6391 === language)!.name,
      );
      const [female, male] = await Promise.all(
        VOICE_GENDERS.map((gender) => this.run(this.args(file, gender), text, signal)),
      );
      const voices: Voice[] = [];
      if (audible(male)) voices.push({ language, gender: 'male' });
      if (audible(female) && !female.equals(male)) voices.push({ language, gender: 'female' });
      return voices;
    } catch {
      return [];
    }
  }

  /** Runs espeak-ng with `input` on stdin and resolves with its stdout. Killed when `signal` aborts. */
  private run(args: string[], input: string, signal: AbortSignal): Promise<Buffer> {
    return this.processes.run(this.command, args, input, signal);
  }

  private failure(error: unknown, signal: AbortSignal, started: number): EngineError {
    return speechFailure(error, {
      engine: ENGINE,
      signal,
      started,
      closed: this.processes.closed,
      timeoutMs: this.options.timeoutMs,
      installHint: INSTALL_HINT,
    });
  }
}

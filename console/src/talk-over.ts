/**
 * What the page does with the microphone while the tablet speaks (issue 18 item 2), frame by
 * frame. Pure logic, no DOM.
 *
 * - The browser cancels the echo (the track's settings say `echoCancellation: true`): the
 *   microphone's audio is always sent, so nothing said during playback is lost, and a person who
 *   starts speaking while a translation plays interrupts it (barge-in).
 * - It does not: the microphone would hear the translation, so silence is sent while the tablet
 *   speaks, as before. A sentence that was being spoken when the silence began, or that goes on
 *   when it ends, reaches the service cut: the stream positions of those cuts are kept, and the
 *   sentence whose `start_ms`–`end_ms` takes in one of them is a fragment (see isFragment), which
 *   the page does not present as a sentence.
 *
 * In both cases automatic playback waits while someone speaks, and GAP_AFTER_SPEECH_MS after.
 */
import { HANGOVER_MS, SpeechDetector } from './speech-detector';

/** 300 ms after the speech detector's end (itself 400 ms of quiet), before the tablet speaks. */
export const GAP_AFTER_SPEECH_MS = 300;
/**
 * The tablet's own voice stops at the microphone within this of the end of playback (its echo in
 * the room is shorter): a loud frame later than this in the speech the detector heard when the
 * silence ended is a person's, begun during the silence, whose start was not sent. (The
 * detector's hangover, up to HANGOVER_MS of quiet after the tablet, is not speech.)
 */
export const ECHO_TAIL_MS = 150;
/** The silence that ends a sentence at the service (interface: 640 ms). */
const SERVICE_PAUSE_MS = 640;
/** The service's speech positions are in 32 ms frames, and its VAD pads them a little. */
const POSITION_MARGIN_MS = 100;

/** What a track's getSettings() says about echo cancellation (absent: unknown, so not on). */
export interface EchoSettings {
  /** Newer browsers may say 'all' (on, the page's own sound included) or 'remote-only'. */
  echoCancellation?: boolean | string;
}

/** Only a setting that says the tablet's own speech is cancelled is trusted. */
export function cancelsEcho(settings: EchoSettings | undefined): boolean {
  const setting = settings?.echoCancellation;
  return setting === true || setting === 'all';
}

export interface FrameOutcome {
  /** What to send to the service: the microphone's audio, or silence of the same length. */
  send: ArrayBuffer;
  /** Someone started to speak while the tablet speaks (echo cancelled): stop the tablet. */
  bargeIn: boolean;
  /** Automatic playback waits: someone speaks, or has just stopped. */
  holdPlayback: boolean;
}

export class TalkOver {
  /** Position in the audio sent since the handshake, in ms (the clock of `start_ms`). */
  private streamMs = 0;
  private silencing = false;
  private quietMs = Infinity;
  /** Where sending resumed while the detector still heard speech (tablet or person). */
  private resumedAt?: number;
  /** Stream positions where the silence cut a sentence: as it began, and as it ended. */
  private readonly cuts: number[] = [];
  private readonly resumes: number[] = [];

  constructor(
    readonly echoCancelled: boolean,
    private readonly detector = new SpeechDetector(),
  ) {}

  get speaking(): boolean {
    return this.detector.speaking;
  }

  /** One microphone frame of `durationMs`, while `playing` says whether the tablet speaks. */
  frame(pcm: ArrayBuffer, durationMs: number, playing: boolean): FrameOutcome {
    const silencing = playing && !this.echoCancelled;
    if (silencing !== this.silencing) {
      if (silencing && this.detector.speaking) this.cuts.push(this.streamMs);
      if (!silencing && this.detector.speaking) this.resumedAt = this.streamMs;
      this.silencing = silencing;
    }
    const event = this.detector.push(pcm, durationMs);
    if (event === 'end') this.quietMs = 0;
    else if (!this.detector.speaking) this.quietMs += durationMs;
    if (this.resumedAt !== undefined) {
      if (!this.detector.speaking) this.resumedAt = undefined;
      else if (this.detector.loud && this.streamMs - this.resumedAt >= ECHO_TAIL_MS) {
        this.resumes.push(this.resumedAt);
        this.resumedAt = undefined;
      }
    }
    this.streamMs += durationMs;
    return {
      send: silencing ? new ArrayBuffer(pcm.byteLength) : pcm,
      bargeIn: event === 'start' && playing && this.echoCancelled,
      holdPlayback: this.detector.speaking || this.quietMs < GAP_AFTER_SPEECH_MS,
    };
  }

  /** Audio sent besides the frames (the silence that ends a sentence when the mic goes off). */
  sent(durationMs: number): void {
    this.streamMs += durationMs;
  }

  /** The microphone was switched off: nobody is heard any more. */
  reset(): void {
    this.detector.reset();
    this.quietMs = Infinity;
    this.resumedAt = undefined;
  }

  /** Whether the sentence heard from `startMs` to `endMs` (an asr_result's) was cut. */
  isFragment(startMs: number | null, endMs: number | null): boolean {
    if (startMs === null || endMs === null) return false;
    const cutInside = (cut: number) =>
      startMs - POSITION_MARGIN_MS <= cut && cut <= endMs + HANGOVER_MS + POSITION_MARGIN_MS;
    // The rest of a sentence whose start was silenced may begin a little after the silence
    // ended (a pause between words): the service takes anything within its closing pause as the
    // same sentence, so does the page.
    const restAfter = (resume: number) =>
      cutInside(resume) ||
      (endMs >= resume && startMs <= resume + SERVICE_PAUSE_MS + POSITION_MARGIN_MS);
    return this.cuts.some(cutInside) || this.resumes.some(restAfter);
  }
}

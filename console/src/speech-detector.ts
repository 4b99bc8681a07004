/**
 * A small speech detector on the microphone's frames, for the page's own decisions while the
 * tablet speaks (barge-in, holding automatic playback). The service's VAD still decides where
 * sentences are; this one only needs to see that someone is speaking, soon and cheaply.
 *
 * A frame is loud when its RMS level is over SPEECH_LEVEL_DBFS. Speech starts after
 * MIN_SPEECH_MS of loud frames in a row, and ends after HANGOVER_MS without a loud frame.
 * Pure logic, no DOM: frames are PCM s16le, as sent to the service.
 */

/**
 * -40 dBFS RMS: a voice at a tablet's microphone is around -35 to -15 dBFS per 20 ms frame (the
 * test recordings are -35 to -15), while a quiet room, and the tablet's own speech left over
 * after the browser's echo cancellation, stay well under it.
 */
export const SPEECH_LEVEL_DBFS = -40;
/** 100 ms: a cough or a click is shorter; a word's first syllable is longer. */
export const MIN_SPEECH_MS = 100;
/** 400 ms: the pauses between words stay inside one speech; the service ends sentences at 640 ms. */
export const HANGOVER_MS = 400;

export type SpeechEvent = 'start' | 'end';

/** The RMS level of a PCM s16le frame in dBFS (-Infinity for digital silence). */
export function frameLevelDbfs(pcm: ArrayBuffer): number {
  const samples = new Int16Array(pcm, 0, pcm.byteLength >> 1);
  if (samples.length === 0) return -Infinity;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length) / 32768;
  return 20 * Math.log10(rms);
}

export class SpeechDetector {
  private loudMs = 0;
  private quietMs = 0;
  private inSpeech = false;
  private lastLoud = false;

  constructor(
    private readonly levelDbfs = SPEECH_LEVEL_DBFS,
    private readonly minSpeechMs = MIN_SPEECH_MS,
    private readonly hangoverMs = HANGOVER_MS,
  ) {}

  /** Whether someone is speaking (hangover included). */
  get speaking(): boolean {
    return this.inSpeech;
  }

  /** Whether the last frame was over the level (speech or the tablet's voice, not the hangover). */
  get loud(): boolean {
    return this.lastLoud;
  }

  /** One frame of `durationMs`; returns the change it makes, if any. */
  push(pcm: ArrayBuffer, durationMs: number): SpeechEvent | undefined {
    return this.pushLevel(frameLevelDbfs(pcm), durationMs);
  }

  /** The same from a frame's level in dBFS. */
  pushLevel(dbfs: number, durationMs: number): SpeechEvent | undefined {
    const loud = dbfs > this.levelDbfs;
    this.lastLoud = loud;
    if (!this.inSpeech) {
      this.loudMs = loud ? this.loudMs + durationMs : 0;
      if (this.loudMs < this.minSpeechMs) return undefined;
      this.inSpeech = true;
      this.quietMs = 0;
      return 'start';
    }
    this.quietMs = loud ? 0 : this.quietMs + durationMs;
    if (this.quietMs < this.hangoverMs) return undefined;
    this.inSpeech = false;
    this.loudMs = 0;
    return 'end';
  }

  /** Forgets what it heard (the microphone was switched off). */
  reset(): void {
    this.inSpeech = false;
    this.lastLoud = false;
    this.loudMs = 0;
    this.quietMs = 0;
  }
}

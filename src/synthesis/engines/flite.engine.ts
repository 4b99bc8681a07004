import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import { withoutControlCharacters } from './control-characters.js';
import { FixedVoice, FixedVoicesEngine, FixedVoicesOptions } from './fixed-voices.engine.js';

/** The helper that runs libflite with the text from stdin (see its header). */
export const FLITE_SCRIPT = fileURLToPath(new URL('./flite_speak.py', import.meta.url));

/** flite's US English voices: slt (female) and rms (male), 16 kHz. */
export const FLITE_VOICES: readonly FixedVoice[] = [
  { language: 'en', gender: 'female', id: 'slt' },
  { language: 'en', gender: 'male', id: 'rms' },
];

/** Longest run of characters without a space given to flite (see breakLongWords). */
export const FLITE_MAX_WORD = 24;

/**
 * Splits every run of non-space characters longer than `max` into pieces of `max`. flite's
 * letter-to-sound rules take time that grows faster than the length of a word: one 5000-letter
 * "word" took 23 s (a request past any deadline), the same letters in 20-letter words 3.9 s.
 * No spoken word is that long; a pasted code or URL is still read, in pieces.
 */
export function breakLongWords(text: string, max = FLITE_MAX_WORD): string {
  return text.replace(new RegExp(`\\S{${max + 1},}`, 'gu'), (run) =>
    (run.match(new RegExp(`.{1,${max}}`, 'gu')) ?? []).join(' '),
  );
}

/**
 * A letter said more than three times in a row, three times: no word repeats a letter so, and
 * "aaaa…" (5,000 of them, the fuzz suite's longest text) was spelled letter by letter, minutes of
 * speech that took festival over 60 s to make. Emphasis ("nooooo") reads the same. Letters only:
 * digits are a number's ("10000 IU"), never touched.
 */
export function collapseRepeats(text: string): string {
  return text.replace(/(\p{L})\1{3,}/gu, '$1$1$1');
}

export interface FliteOptions extends FixedVoicesOptions {
  /** The Python interpreter (default Debian's /usr/bin/python3); tests replace it. */
  readonly command?: string;
  /** The helper script; tests replace it. */
  readonly script?: string;
}

/**
 * English through flite 2.2 (CMU), far more intelligible than espeak-ng's (docs/speech.md).
 * flite's own command line takes text from stdin only as `-f /dev/stdin`, which hangs when its
 * output is a pipe, and a `-t` argument would show the text in `ps`: flite_speak.py calls libflite
 * instead, with the text on stdin and the WAV on stdout. Speed: flite's `duration_stretch`.
 */
export class FliteEngine extends FixedVoicesEngine {
  readonly name = 'flite';
  protected readonly logger = new Logger('FliteEngine');
  protected readonly candidates = FLITE_VOICES;
  protected readonly probeTexts = { en: 'The patient has had a headache since yesterday.' };
  protected readonly sampleRate = 16_000;
  protected readonly installHint = 'Install the Debian package flite (npm run setup does).';

  constructor(private readonly flite: FliteOptions) {
    super(flite);
  }

  protected command(voice: FixedVoice, duration: number): [string, ...string[]] {
    const python = this.flite.command ?? '/usr/bin/python3';
    return [python, '-I', '-B', this.flite.script ?? FLITE_SCRIPT, voice.id, String(duration)];
  }

  protected input(text: string): string {
    return breakLongWords(collapseRepeats(withoutControlCharacters(text)));
  }
}

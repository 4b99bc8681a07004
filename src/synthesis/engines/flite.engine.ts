import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import { FixedVoice, FixedVoicesEngine, FixedVoicesOptions } from './fixed-voices.engine.js';

/** The helper that runs libflite with the text from stdin (see its header). */
export const FLITE_SCRIPT = fileURLToPath(new URL('./flite_speak.py', import.meta.url));

/** flite's US English voices: slt (female) and rms (male), 16 kHz. */
export const FLITE_VOICES: readonly FixedVoice[] = [
  { language: 'en', gender: 'female', id: 'slt' },
  { language: 'en', gender: 'male', id: 'rms' },
];

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
  protected readonly probeText = 'The patient has had a headache since yesterday.';
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
    // A NUL would end the text early in C; other control characters are not text either.
    // eslint-disable-next-line no-control-regex
    return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
  }
}

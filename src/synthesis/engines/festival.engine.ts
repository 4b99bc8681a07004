import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import { prepareEnglishFestivalText, prepareFestivalText } from './festival-text.js';
import { FixedVoice, FixedVoicesEngine } from './fixed-voices.engine.js';

/** The script that speaks stdin with the selected voice (see its header). */
export const FESTIVAL_SCRIPT = fileURLToPath(new URL('./festival_speak.scm', import.meta.url));

/**
 * festival's voices: the US English HTS voice slt (female, festvox-us-slt-hts: 2.6 % WER
 * round trip against flite's slt 9.4 %, docs/benchmarks.md) and the Italian diphone voices lp
 * (female, festvox-italp16k) and pc (male, festvox-itapc16k).
 */
export const FESTIVAL_VOICES: readonly FixedVoice[] = [
  { language: 'en', gender: 'female', id: 'cmu_us_slt_arctic_hts' },
  { language: 'it', gender: 'female', id: 'lp_diphone' },
  { language: 'it', gender: 'male', id: 'pc_diphone' },
];

/** HTS voices ignore Duration_Stretch: their speed is hts_engine's rate (`-r`, > 1: faster). */
const HTS_VOICES: ReadonlySet<string> = new Set(['cmu_us_slt_arctic_hts']);

/**
 * festival's Lisp heap, in cells. Its default (10 million) is allocated and swept at every start:
 * 0.9 s and 330 MB a synthesis. One million holds the lexicon's letter-to-sound rules and a
 * 5000-character text without punctuation, both voices; half a million ran out.
 */
export const FESTIVAL_HEAP_CELLS = 1_000_000;

/**
 * English (female) and Italian through festival 2.5: `festival -b`, which evaluates the voice and
 * the speed, then runs festival_speak.scm: the text (8-bit, see festival-text.ts) on stdin, a
 * streaming WAV (data size 0) at 16 kHz on stdout. The voice and the speed are Scheme expressions
 * built from fixed names and a number, never from the text. About 0.1–0.25 s a synthesis.
 */
export class FestivalEngine extends FixedVoicesEngine {
  readonly name = 'festival';
  protected readonly logger = new Logger('FestivalEngine');
  protected readonly candidates = FESTIVAL_VOICES;
  protected readonly probeTexts = {
    en: 'The patient has had a headache since yesterday.',
    it: 'Il paziente ha mal di testa da ieri sera.',
  };
  protected readonly sampleRate = 16_000;
  protected readonly installHint =
    'Install the Debian packages festival, festvox-us-slt-hts, festvox-italp16k and festvox-itapc16k (npm run setup does).';

  protected command(voice: FixedVoice, duration: number): [string, ...string[]] {
    const speed = HTS_VOICES.has(voice.id)
      ? `(set! hts_engine_params (append hts_engine_params '(("-r" ${1 / duration}))))`
      : `(Parameter.set 'Duration_Stretch ${duration})`;
    return [
      this.options.command ?? 'festival',
      '--heap',
      String(FESTIVAL_HEAP_CELLS),
      '-b',
      `(voice_${voice.id})`,
      speed,
      FESTIVAL_SCRIPT,
    ];
  }

  protected input(text: string, voice: FixedVoice): Buffer {
    return voice.language === 'en' ? prepareEnglishFestivalText(text) : prepareFestivalText(text);
  }
}

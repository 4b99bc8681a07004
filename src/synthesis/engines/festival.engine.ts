import { Logger } from '@nestjs/common';
import { prepareFestivalText } from './festival-text.js';
import { FixedVoice, FixedVoicesEngine } from './fixed-voices.engine.js';

/** festival's Italian diphone voices: lp (female, festvox-italp16k), pc (male, festvox-itapc16k). */
export const FESTIVAL_VOICES: readonly FixedVoice[] = [
  { language: 'it', gender: 'female', id: 'lp_diphone' },
  { language: 'it', gender: 'male', id: 'pc_diphone' },
];

/**
 * Italian through festival 2.5's diphone voices: `text2wave -o -`, the text (Latin-1, see
 * festival-text.ts) on stdin, a streaming WAV (data size 0) on stdout. The voice and the speed
 * (`Duration_Stretch`) are Scheme expressions built from fixed names and a number, never from the
 * text. About 0.3 s per synthesis, most of it festival's start.
 */
export class FestivalEngine extends FixedVoicesEngine {
  readonly name = 'festival';
  protected readonly logger = new Logger('FestivalEngine');
  protected readonly candidates = FESTIVAL_VOICES;
  protected readonly probeText = 'Il paziente ha mal di testa da ieri sera.';
  protected readonly sampleRate = 16_000;
  protected readonly installHint =
    'Install the Debian packages festival, festvox-italp16k and festvox-itapc16k (npm run setup does).';

  protected command(voice: FixedVoice, duration: number): [string, ...string[]] {
    return [
      this.options.command ?? 'text2wave',
      '-o',
      '-',
      '-eval',
      `(voice_${voice.id})`,
      '-eval',
      `(Parameter.set 'Duration_Stretch ${duration})`,
    ];
  }

  protected input(text: string): Buffer {
    return prepareFestivalText(text);
  }
}

import { ApiProperty } from '@nestjs/swagger';
import { VOICE_GENDERS, type VoiceGender } from '../../language/speech-settings.js';

export class VoiceDto {
  /**
   * ISO 639-1 code of the language the voice speaks: the `language` to send to synthesize.
   * @example "en"
   */
  @ApiProperty({ pattern: '^[a-z]{2}$' }) // as SynthesizeRequestDto.language accepts
  language!: string;

  @ApiProperty({ enum: VOICE_GENDERS, example: 'female' })
  gender!: VoiceGender;
}

export class VoiceListDto {
  /** The voices of the active engine, sorted by language, then gender. */
  voices!: VoiceDto[];
}

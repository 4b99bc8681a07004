import { ApiProperty } from '@nestjs/swagger';
import {
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { IsNotBlank } from '../../common/validation/is-not-blank.decorator.js';
import {
  DEFAULT_SPEED,
  MAX_SPEED,
  MIN_SPEED,
  VOICE_GENDERS,
  type VoiceGender,
} from '../../language/speech-settings.js';

export class SynthesizeRequestDto {
  /**
   * The text to speak, 1 to 5000 characters. It is read as written: markup such as `<b>` is not
   * interpreted.
   * @example "Take one tablet of 500 mg twice a day, after meals."
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @IsNotBlank()
  @MaxLength(5000, { message: '$property must be at most $constraint1 characters' })
  text!: string;

  /**
   * The language of the text: an ISO 639-1 code, two lowercase letters, of a voice from
   * GET /api/v1/synthetize/voices.
   * @example "en"
   */
  @IsString()
  @Matches(/^[a-z]{2}$/, {
    message:
      '$property must be two lowercase letters (an ISO 639-1 code such as en); GET /api/v1/synthetize/voices lists the languages',
  })
  language!: string;

  /** The voice's gender. */
  @ApiProperty({ enum: VOICE_GENDERS, example: 'female' })
  @IsIn(VOICE_GENDERS, { message: '$property must be female or male' })
  gender!: VoiceGender;

  /**
   * Speaking rate multiplier, from 0.25 (four times slower) to 4.0 (four times faster); the pitch
   * is kept. An extension of the interface (decisions §2).
   * @example 1
   */
  @ApiProperty({
    required: false,
    minimum: MIN_SPEED,
    maximum: MAX_SPEED,
    default: DEFAULT_SPEED,
    example: 1,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(MIN_SPEED)
  @Max(MAX_SPEED)
  speed?: number = DEFAULT_SPEED;
}

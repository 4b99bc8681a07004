import {
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  AGE_CATEGORIES,
  MAX_SPEED,
  MIN_SPEED,
  PATIENT_GENDERS,
} from '../../../language/speech-settings.js';
import type { HandshakeMessage } from '../client-messages.js';

export const SAMPLE_RATES = [8000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

const SPEED_MESSAGE = `speed must be a number from ${MIN_SPEED} to ${MAX_SPEED}`;

/**
 * The first text frame of a session (decisions §5.1); `type` may be omitted.
 * Type checks sit closest to each property: they run first, and the parser stops at a field's
 * first failure, so a number sent as a language reads "must be a string".
 */
export class HandshakeDto implements HandshakeMessage {
  @IsOptional()
  @IsIn(['handshake'], { message: "type must be 'handshake' (or omitted) in the first frame" })
  type?: 'handshake';

  /** BCP-47, ISO 639-1, ISO 639-3 or FLORES-200 code of the medic's language. */
  @MaxLength(64, { message: 'language_medic must be at most 64 characters' })
  @IsString({ message: 'language_medic must be a string such as "fr" or "fr-FR"' })
  language_medic!: string;

  /** Same forms as language_medic. */
  @MaxLength(64, { message: 'language_patient must be at most 64 characters' })
  @IsString({ message: 'language_patient must be a string such as "en" or "en-US"' })
  language_patient!: string;

  @IsOptional()
  @Min(MIN_SPEED, { message: SPEED_MESSAGE })
  @Max(MAX_SPEED, { message: SPEED_MESSAGE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: SPEED_MESSAGE })
  speed?: number;

  @IsOptional()
  @IsBoolean({ message: 'enable_dual_direction must be true or false' })
  enable_dual_direction?: boolean;

  @IsOptional()
  @IsIn(SAMPLE_RATES, { message: `sample_rate must be one of ${SAMPLE_RATES.join(', ')}` })
  sample_rate?: (typeof SAMPLE_RATES)[number];

  @IsOptional()
  @IsIn(PATIENT_GENDERS, { message: 'patient_gender must be "male" or "female"' })
  patient_gender?: (typeof PATIENT_GENDERS)[number];

  @IsOptional()
  @IsIn(AGE_CATEGORIES, {
    message: `patient_age_category must be one of ${AGE_CATEGORIES.join(', ')}`,
  })
  patient_age_category?: (typeof AGE_CATEGORIES)[number];

  /** Extension: the voice of the medic's translated speech; default female. */
  @IsOptional()
  @IsIn(PATIENT_GENDERS, { message: 'medic_gender must be "male" or "female"' })
  medic_gender?: (typeof PATIENT_GENDERS)[number];
}

import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsNotBlank } from '../../common/validation/is-not-blank.decorator.js';
import {
  type AgeCategory,
  PATIENT_GENDERS,
  type PatientGender,
} from '../../language/speech-settings.js';

// In the order of the messages below and of the OpenAPI enum (not the protocol's order).
export const AGE_CATEGORIES: readonly AgeCategory[] = ['adolescent', 'senior', 'child', 'adult'];

export class ParaphraseRequestDto {
  /**
   * Medical text to say in plain words, 1 to 5000 characters. Numbers, doses and negations are kept.
   * @example "The patient presents with dyspnea and hypertension; administer 5 mg of amlodipine daily."
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @IsNotBlank()
  @MaxLength(5000, { message: '$property must be at most $constraint1 characters' })
  sentence!: string;

  /**
   * The listener's gender, for grammatical agreement. Default: male.
   * @example "female"
   */
  @IsOptional()
  @IsIn(PATIENT_GENDERS, { message: "$property must be 'male' or 'female'" })
  gender?: PatientGender = 'male';

  /**
   * The listener's age category: the register of the rewording. Default: adult.
   * @example "senior"
   */
  @IsOptional()
  @IsIn(AGE_CATEGORIES, {
    message: "$property must be one of 'adolescent', 'senior', 'child', 'adult'",
  })
  age_category?: AgeCategory = 'adult';
}

export class ParaphraseResultDto {
  /** @example "The patient is short of breath and has high blood pressure; give 5 mg of amlodipine every day." */
  paraphrases!: string;
}

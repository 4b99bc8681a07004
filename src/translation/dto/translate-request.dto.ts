import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsNotBlank } from '../../common/validation/is-not-blank.decorator.js';

export class TranslateRequestDto {
  /**
   * The text to translate, 1 to 5000 characters. Line and paragraph breaks are kept; numbers,
   * doses and units come out exactly as written.
   * @example "The patient takes 500 mg of paracetamol 2 x/day. Fever of 39.5 °C since yesterday."
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @IsNotBlank()
  @MaxLength(5000, { message: '$property must be at most $constraint1 characters' })
  text!: string;

  /**
   * The `code` of the source language from GET /api/v1/translation/languages (a FLORES-200 code).
   * ISO 639-1 codes and BCP-47 tags are refused.
   * @example "eng_Latn"
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @MaxLength(32, { message: '$property must be at most $constraint1 characters' })
  source_language!: string;

  /**
   * The `code` of the target language from GET /api/v1/translation/languages.
   * @example "spa_Latn"
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @MaxLength(32, { message: '$property must be at most $constraint1 characters' })
  target_language!: string;
}

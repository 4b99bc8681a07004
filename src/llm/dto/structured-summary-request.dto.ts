import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsNotBlank } from '../../common/validation/is-not-blank.decorator.js';

export class StructuredSummaryRequestDto {
  /**
   * Patient information to organize into sections, 1 to 50000 characters (as for summarize).
   * @example "Patient came for a persistent cough for 3 weeks. Takes metformin 500 mg twice a day. Allergic to penicillin. BP 130/85 mmHg, temperature 37.8 °C. Plan: chest X-ray."
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @IsNotBlank()
  // The interface gives no bound; without one, a 1 MB sentence held the event loop for minutes.
  @MaxLength(50000, { message: '$property must be at most $constraint1 characters' })
  sentence!: string;

  /**
   * The language of the summary: BCP-47 (`fr-FR`), ISO 639-1 (`fr`), ISO 639-3 (`fra`) or a
   * language-list code (`fra_Latn`).
   * @example "fr"
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @MaxLength(64, { message: '$property must be at most $constraint1 characters' })
  target_language!: string;
}

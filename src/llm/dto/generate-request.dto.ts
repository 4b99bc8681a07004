import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsNotBlank } from '../../common/validation/is-not-blank.decorator.js';

export class GenerateRequestDto {
  /**
   * What to write, 1 to 1000 characters.
   * @example "Write a short explanation of what a blood pressure measurement is, for a patient."
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @IsNotBlank()
  @MaxLength(1000, { message: '$property must be at most $constraint1 characters' })
  prompt!: string;
}

export class GenerateResultDto {
  /** @example "A blood pressure measurement tells how strongly your blood pushes on the walls of your arteries…" */
  resultat!: string;
}

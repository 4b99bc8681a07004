import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsNotBlank } from '../../common/validation/is-not-blank.decorator.js';

export class SummarizeRequestDto {
  /**
   * The text to summarize, 1 to 50000 characters. The summary keeps every dose.
   * @example "Mr. Smith, 67, came in with chest pain since this morning. He takes 75 mg of aspirin daily. He denies fever. His blood pressure is 150/95 mmHg. An ECG was done and was normal. He will return in two weeks."
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @IsNotBlank()
  @MaxLength(50000, { message: '$property must be at most $constraint1 characters' })
  sentence!: string;
}

export class SummaryResultDto {
  /** @example "Mr. Smith, 67, came in with chest pain since this morning. He takes 75 mg of aspirin daily. He denies fever." */
  summary!: string;
}

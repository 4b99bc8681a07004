import { ApiProperty } from '@nestjs/swagger';

export class LanguageEntryDto {
  /**
   * The language's default BCP-47 locale.
   * @example "fr-FR"
   */
  bcp47!: string;

  /** @example "fr" */
  iso_639_1!: string;

  /** @example "fra" */
  iso_639_3!: string;

  /**
   * The opaque code to send as source_language or target_language (a FLORES-200 code).
   * @example "fra_Latn"
   */
  code!: string;

  /** @example "French" */
  name!: string;
}

export class LanguageListDto {
  /** Languages the active engine translates, one entry per language, sorted by bcp47. */
  languages!: LanguageEntryDto[];

  /** How many languages are listed. */
  @ApiProperty({ type: 'integer', example: 5 })
  total!: number;
}

import { ApiProperty } from '@nestjs/swagger';

export class TranslationResultDto {
  /** @example true */
  success!: boolean;

  /**
   * The source language as a BCP-47 locale.
   * @example "en-US"
   */
  source_language!: string;

  /**
   * The target language as a BCP-47 locale.
   * @example "es-ES"
   */
  target_language!: string;

  /** @example "The patient takes 500 mg of paracetamol 2 x/day. Fever of 39.5 °C since yesterday." */
  original_text!: string;

  /** @example "El paciente toma 500 mg de paracetamol 2 x/day. Fiebre de 39.5 °C desde ayer." */
  translated_text!: string;

  /**
   * Who wrote the translation: `phrasebook`, a fixed phrase written in advance that the text
   * matched strictly (docs/phrasebook.md), or `machine`, the translation engine.
   * @example "machine"
   */
  @ApiProperty({ enum: ['phrasebook', 'machine'] })
  origin!: 'phrasebook' | 'machine';

  /**
   * The fixed phrase the text matched, when `origin` is `phrasebook`.
   * @example "allergies.allergic-to-drug"
   */
  phrase_id?: string;

  /**
   * Words the engine could not translate and left as they were, when there are any: not names,
   * numbers or drug names, which are kept on purpose. The translation may miss their meaning:
   * rephrase them, or have them checked.
   * @example ["jeun"]
   */
  untranslated_words?: string[];

  /**
   * How long the translation took, in seconds.
   * @example 0.004
   */
  translation_seconds!: number;

  /**
   * When the translation was made: ISO 8601, UTC.
   * @example "2026-11-22T10:15:30.123Z"
   */
  @ApiProperty({ format: 'date-time' })
  timestamp!: string;
}

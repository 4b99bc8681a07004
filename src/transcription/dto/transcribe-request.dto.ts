import { IsString, MinLength } from 'class-validator';

export class TranscribeRequestDto {
  /**
   * A WAV file (8-bit unsigned or 16/24/32-bit signed PCM, or 32/64-bit float; 1 to 8 channels;
   * 8 to 192 kHz), Base64-encoded. A `data:audio/wav;base64,` prefix is accepted. At most
   * MAX_AUDIO_BYTES once decoded.
   * @example "UklGRiQAAABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQAAAAA="
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  audio_base64!: string;
}

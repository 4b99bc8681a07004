import { IsString, MinLength } from 'class-validator';

export class TranscribeRequestDto {
  /**
   * A WAV file (PCM 8–32-bit or float, any channel count, 8–48 kHz), Base64-encoded. A
   * `data:audio/wav;base64,` prefix is accepted. At most MAX_AUDIO_BYTES once decoded.
   * @example "UklGRiQAAABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQAAAAA="
   */
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  audio_base64!: string;
}
